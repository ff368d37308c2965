/// Decides whether a `JSONTape` is valid (quick mode: no messages) by walking the tape with a
/// cursor (an entry index), without building `JSONValue`s.
///
/// The keywords of every day's schemas run on the tape: `type`, `properties` (member keys compared
/// as raw bytes with the schema's names, no `String` per key), `required`, `additionalProperties`,
/// `items`, `prefixItems`, `enum`/`const` on strings, lengths, `pattern` on the UTF-8 bytes, counts,
/// `$ref` and the combinators. The rest (numeric bounds and `format` on one scalar; `contains`,
/// `patternProperties`, `uniqueItems` and the like on a subtree) materialize just that value for the
/// `Evaluator` (`uniqueItems` runs on the tape for arrays of ASCII strings). A node with `unevaluatedProperties` collects the members its in-place subschemas
/// evaluated as a bitset on the tape (`TapeValidator+Annotations`); `unevaluatedItems` on an array
/// still hands that value to the `Evaluator`. A program that uses
/// `$dynamicRef` with a dynamic anchor needs the `Evaluator`'s dynamic scope and is not walked here.
struct TapeValidator {
    let program: CompiledProgram
    let entries: [JSONTape.Entry]
    let tape: JSONTape
    let bytes: UnsafeBufferPointer<UInt8>
    /// The evaluator in quick mode, for the keywords and nodes handed over as `JSONValue`s.
    var fallback: Evaluator
    private var depth = 0
    /// How many members the last `properties` matched, for the `additionalProperties` after it.
    private var matchedPropertyCount = -1
    /// The last value materialized for the evaluator and its entry: `oneOf` branches that collect
    /// annotations all ask for the same value.
    private var materialized: (cursor: Int, value: JSONValue) = (-1, .null)

    init(program: CompiledProgram, tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>) {
        self.program = program
        self.tape = tape
        self.entries = tape.entries
        self.bytes = bytes
        self.fallback = Evaluator(program: program, verbose: false)
    }

    mutating func validate(_ index: Int, at cursor: Int) -> Bool {
        let node = program.nodes[index]
        if let constant = node.constant { return constant }
        depth += 1
        defer { depth -= 1 }
        if depth > Evaluator.maximumDepth { return false }
        if node.tracksAnnotations {
            if let valid = validateTrackingAnnotations(index, at: cursor) { return valid }
            var annotations = Annotations()
            return fallback.validate(index, value(at: cursor), &annotations, collect: false)
        }
        // Keywords are read in place through the buffer: iterating the array copied every
        // `Keyword` (an outlined copy of a multi-payload enum plus its retains) per evaluation.
        return node.keywords.withUnsafeBufferPointer { keywords in
            for position in keywords.indices where !evaluate(keywords[position], at: cursor) { return false }
            return true
        }
    }

    /// A subschema on a member or element: the cycle guard counts nesting on one value only.
    mutating func validateChild(_ index: Int, at cursor: Int) -> Bool {
        let saved = depth
        depth = 0
        defer { depth = saved }
        return validate(index, at: cursor)
    }

    mutating func evaluate(_ keyword: Keyword, at cursor: Int) -> Bool {
        let entry = entries[cursor]
        switch keyword {
        case .ref(let target), .dynamicRef(let target, _):
            return validate(target, at: cursor)
        case .allOf(let schemas):
            for schema in schemas where !validate(schema, at: cursor) { return false }
            return true
        case .anyOf(let schemas):
            for schema in schemas where validate(schema, at: cursor) { return true }
            return false
        case .oneOf(let schemas):
            var matches = 0
            for schema in schemas where validate(schema, at: cursor) {
                matches += 1
                if matches > 1 { return false }
            }
            return matches == 1
        case .not(let schema):
            return !validate(schema, at: cursor)
        case .conditional(let condition, let then, let otherwise):
            if then == nil && otherwise == nil { return true }
            if validate(condition, at: cursor) {
                return then.map { validate($0, at: cursor) } ?? true
            }
            return otherwise.map { validate($0, at: cursor) } ?? true
        case .dependentSchemas(let dependencies):
            guard entry.kind == .object else { return true }
            for (name, schema) in dependencies where member(named: name, in: cursor) != nil {
                if !validate(schema, at: cursor) { return false }
            }
            return true
        case .prefixItems(let schemas):
            guard entry.kind == .array else { return true }
            var child = cursor + 1
            for schema in schemas where child < Int(entry.end) {
                if !validateChild(schema, at: child) { return false }
                child = JSONTape.next(entries, child)
            }
            return true
        case .items(let schema, let prefixCount):
            guard entry.kind == .array, Int(entry.length) > prefixCount else { return true }
            if program.nodes[schema].constant == false { return false }
            var child = cursor + 1
            var position = 0
            while child < Int(entry.end) {
                if position >= prefixCount && !validateChild(schema, at: child) { return false }
                child = JSONTape.next(entries, child)
                position += 1
            }
            return true
        case .properties(let schemas):
            guard entry.kind == .object else { return true }
            return properties(schemas, at: cursor)
        case .additionalProperties(let schema, let known, let patterns, let followsProperties):
            guard entry.kind == .object else { return true }
            if followsProperties && matchedPropertyCount == Int(entry.length) { return true }
            var key = cursor + 1
            while key < Int(entry.end) {
                let value = key + 1
                let name = tape.string(entries[key], bytes)
                if !known.contains(name)
                    && (patterns.isEmpty || !patterns.contains(where: { $0.matches(name) }))
                {
                    if !validateChild(schema, at: value) { return false }
                }
                key = JSONTape.next(entries, value)
            }
            return true
        case .required(let names):
            guard entry.kind == .object else { return true }
            for name in names where member(named: name, in: cursor) == nil { return false }
            return true
        case .type(let types):
            return allows(types, entry)
        case .enumeration(let allowed):
            if entry.kind == .string && !entry.flag {
                return allowed.contains { value in
                    guard case .string(let text) = value else { return false }
                    return equalsKey(entry, text)
                }
            }
            let value = tape.materialize(cursor, bytes)
            return allowed.contains { MemberLookup.equal($0, value) }
        case .const(let expected):
            if entry.kind == .string && !entry.flag {
                guard case .string(let text) = expected else { return false }
                return equalsKey(entry, text)
            }
            return MemberLookup.equal(tape.materialize(cursor, bytes), expected)
        case .maxLength(let limit):
            guard entry.kind == .string else { return true }
            if Int(entry.length) <= limit { return true }
            return scalarCount(entry) <= limit
        case .minLength(let limit):
            guard entry.kind == .string else { return true }
            if Int(entry.length) < limit { return false }
            return scalarCount(entry) >= limit
        case .pattern(let regex):
            guard entry.kind == .string else { return true }
            if !entry.flag {
                let range = Int(entry.offset)..<Int(entry.offset + entry.length)
                return regex.matches(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
            }
            return regex.matches(tape.string(entry, bytes))
        case .maxItems(let limit):
            return entry.kind != .array || Int(entry.length) <= limit
        case .minItems(let limit):
            return entry.kind != .array || Int(entry.length) >= limit
        case .maxProperties(let limit):
            return entry.kind != .object || Int(entry.length) <= limit
        case .minProperties(let limit):
            return entry.kind != .object || Int(entry.length) >= limit
        case .multipleOf, .maximum, .exclusiveMaximum, .minimum, .exclusiveMinimum:
            guard entry.kind == .number else { return true }
            return fallback.assert(keyword, .number(tape.number(entry, bytes)))
        case .format:
            guard entry.kind == .string else { return true }
            return fallback.assert(keyword, .string(tape.string(entry, bytes)))
        case .uniqueItems:
            guard entry.kind == .array else { return true }
            if let unique = uniqueASCIIStrings(in: cursor) { return unique }
            var ignored = Annotations()
            return fallback.evaluate(keyword, value(at: cursor), &ignored, collecting: false)
        default:
            // contains, patternProperties, propertyNames, uniqueItems, dependentRequired,
            // unevaluated*: rare in response schemas; the evaluator takes this one value.
            var ignored = Annotations()
            return fallback.evaluate(keyword, value(at: cursor), &ignored, collecting: false)
        }
    }

    /// `properties`: each member whose key a property names goes to that property's schema. The
    /// search for a key starts after the last property found, so members in schema order cost one
    /// comparison each.
    private mutating func properties(_ schemas: [(name: String, schema: Int)], at cursor: Int) -> Bool {
        let object = entries[cursor]
        var matched = 0
        defer { matchedPropertyCount = matched }
        guard !schemas.isEmpty else { return true }
        var next = 0
        var key = cursor + 1
        while key < Int(object.end) {
            let value = key + 1
            let keyEntry = entries[key]
            var found = -1
            for step in 0..<schemas.count {
                var candidate = next + step
                if candidate >= schemas.count { candidate -= schemas.count }
                if equalsKey(keyEntry, schemas[candidate].name) {
                    found = candidate
                    break
                }
            }
            if found >= 0 {
                matched += 1
                next = found + 1 == schemas.count ? 0 : found + 1
                if !validateChild(schemas[found].schema, at: value) { return false }
            }
            key = JSONTape.next(entries, value)
        }
        return true
    }

    /// The value at `cursor` as a `JSONValue`, materialized once for consecutive requests.
    private mutating func value(at cursor: Int) -> JSONValue {
        if materialized.cursor != cursor { materialized = (cursor, tape.materialize(cursor, bytes)) }
        return materialized.value
    }

    /// The value entry of the member named `name` in the object at `cursor`, or nil.
    func member(named name: String, in cursor: Int) -> Int? {
        let object = entries[cursor]
        var key = cursor + 1
        while key < Int(object.end) {
            if equalsKey(entries[key], name) { return key + 1 }
            key = JSONTape.next(entries, key + 1)
        }
        return nil
    }

    /// Whether a string entry's decoded text is `name`, byte for byte.
    @inline(__always)
    func equalsKey(_ entry: JSONTape.Entry, _ name: String) -> Bool {
        if entry.flag { return MemberLookup.sameKey(tape.string(entry, bytes), name) }
        let length = Int(entry.length)
        guard name.utf8.count == length else { return false }
        let start = Int(entry.offset)
        let same = name.utf8.withContiguousStorageIfAvailable { utf8 in
            for offset in 0..<length where utf8[offset] != bytes[start + offset] { return false }
            return true
        }
        if let same { return same }
        // A small string (up to 15 bytes, most keys) has no contiguous storage to lend; `withUTF8`
        // on a copy reads it from the stack instead of the generic element-by-element comparison.
        var copy = name
        return copy.withUTF8 { utf8 in
            for offset in 0..<length where utf8[offset] != bytes[start + offset] { return false }
            return true
        }
    }

    /// `uniqueItems` on an array of ASCII strings without escapes (the usual `tags`), compared as
    /// bytes; nil for any other array, which the evaluator takes (`String` equality is canonical
    /// equivalence, so non-ASCII text that differs in bytes may still be equal there).
    private func uniqueASCIIStrings(in cursor: Int) -> Bool? {
        let count = Int(entries[cursor].length)
        guard count <= 32 else { return nil }
        // Every element before a non-string is one entry, so element `i` is entry `cursor + 1 + i`.
        for element in (cursor + 1)..<(cursor + 1 + count) {
            let entry = entries[element]
            guard entry.kind == .string, !entry.flag else { return nil }
            for offset in Int(entry.offset)..<Int(entry.offset + entry.length) where bytes[offset] >= 0x80 {
                return nil
            }
        }
        for second in (cursor + 1)..<(cursor + 1 + count) {
            let right = entries[second]
            for first in (cursor + 1)..<second {
                let left = entries[first]
                guard left.length == right.length else { continue }
                var same = true
                for offset in 0..<Int(left.length)
                where bytes[Int(left.offset) + offset] != bytes[Int(right.offset) + offset] {
                    same = false
                    break
                }
                if same { return false }
            }
        }
        return true
    }

    /// The Unicode scalar count of a string entry (what `minLength`/`maxLength` count).
    private func scalarCount(_ entry: JSONTape.Entry) -> Int {
        if entry.flag { return tape.string(entry, bytes).unicodeScalars.count }
        var count = 0
        for offset in Int(entry.offset)..<Int(entry.offset + entry.length) where bytes[offset] & 0xC0 != 0x80
        {
            count += 1
        }
        return count
    }

    private func allows(_ types: JSONTypeSet, _ entry: JSONTape.Entry) -> Bool {
        switch entry.kind {
        case .null: return types.contains(.null)
        case .true, .false: return types.contains(.boolean)
        case .object: return types.contains(.object)
        case .array: return types.contains(.array)
        case .string: return types.contains(.string)
        case .number:
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            return entry.flag || tape.number(entry, bytes).isInteger
        }
    }
}
