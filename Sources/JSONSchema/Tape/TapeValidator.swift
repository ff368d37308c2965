/// Decides whether a `JSONTape` is valid (quick mode: no messages) by running a `TapeProgram` with
/// a cursor (an entry index) over the tape, without building `JSONValue`s.
///
/// Every table is read through a buffer pointer and every instruction is a trivial struct, so the
/// hot path copies no enum payloads and touches no reference counts. On the tape: `type` (a mask
/// over the tape's kinds), `properties` (member keys compared as bytes with the schema's, length
/// and first eight bytes first), `required` (a bit mask of what `properties` found, else a lookup),
/// `additionalProperties`, `items`, `prefixItems`, `contains`, `enum`/`const` on strings, lengths,
/// `pattern` on the UTF-8 bytes, counts, numeric bounds and `multipleOf` on the literal's digits
/// (`DecimalLiteral`; a literal too long for it takes the exact `JSONNumber`), `uniqueItems` on
/// ASCII strings, `$ref`, the combinators, and `unevaluated*` (`TapeValidator+Annotations`). The
/// rest (`format` on one string; `patternProperties`, `propertyNames`, `dependentRequired` on a
/// subtree) materializes just that value for the `Evaluator`. A program that uses `$dynamicRef`
/// with a dynamic anchor needs the `Evaluator`'s dynamic scope and is not walked here.
struct TapeValidator {
    let program: TapeProgram
    let tables: TapeProgram.Tables
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let tape: JSONTape
    let bytes: UnsafeBufferPointer<UInt8>
    /// The evaluator in quick mode, for the keywords and nodes handed over as `JSONValue`s.
    var fallback: Evaluator
    var depth = 0
    /// The last value materialized for the evaluator and its entry: `oneOf` branches that collect
    /// annotations all ask for the same value.
    private var materialized: (cursor: Int, value: JSONValue) = (-1, .null)

    /// What one node's `properties` left for the `additionalProperties` and `required` after it.
    struct NodeState {
        /// How many members `properties` matched, or -1 when it did not run.
        var matched = -1
        /// The positions in the `properties` table it found.
        var found: UInt64 = 0
    }

    init(
        program: CompiledProgram, tapeProgram: TapeProgram, tables: TapeProgram.Tables, tape: JSONTape,
        entries: UnsafeBufferPointer<JSONTape.Entry>, bytes: UnsafeBufferPointer<UInt8>
    ) {
        self.program = tapeProgram
        self.tables = tables
        self.tape = tape
        self.entries = entries
        self.bytes = bytes
        self.fallback = Evaluator(program: program, verbose: false)
    }

    mutating func validate(_ index: Int, at cursor: Int) -> Bool {
        let node = tables.nodes[index]
        if node.constant >= 0 { return node.constant == 1 }
        depth += 1
        defer { depth -= 1 }
        if depth > Evaluator.maximumDepth { return false }
        if node.tracksAnnotations {
            if let valid = validateTrackingAnnotations(node, at: cursor) { return valid }
            var annotations = Annotations()
            return fallback.validate(index, value(at: cursor), &annotations, collect: false)
        }
        return run(node, at: cursor)
    }

    /// The node's instructions on the value at `cursor`, all of which must hold.
    @inline(__always)
    mutating func run(_ node: TapeNode, at cursor: Int) -> Bool {
        let entry = entries[cursor]
        var state = NodeState()
        var position = Int(node.start)
        let end = position + Int(node.count)
        while position < end {
            if !evaluate(position, entry, at: cursor, &state) { return false }
            position += 1
        }
        return true
    }

    /// A subschema on a member or element: the cycle guard counts nesting on one value only.
    @inline(__always)
    mutating func validateChild(_ index: Int, at cursor: Int) -> Bool {
        let saved = depth
        depth = 0
        defer { depth = saved }
        return validate(index, at: cursor)
    }

    /// Instruction `ops[position]` on the value at `cursor` (read here, not copied into the call).
    mutating func evaluate(_ position: Int, _ entry: JSONTape.Entry, at cursor: Int, _ state: inout NodeState)
        -> Bool
    {
        let op = tables.ops[position]
        switch op.code {
        case .type:
            if Int32(1) << Int32(entry.kind.rawValue) & op.a != 0 { return true }
            return op.b == 1 && entry.kind == .number && isInteger(entry)
        case .properties:
            guard entry.kind == .object else { return true }
            return properties(op, at: cursor, &state)
        case .requiredMask:
            return entry.kind != .object || state.found & op.mask == op.mask
        case .required:
            guard entry.kind == .object else { return true }
            for key in Int(op.a)..<Int(op.a + op.b) where member(key, in: cursor) == nil { return false }
            return true
        case .additionalProperties:
            guard entry.kind == .object else { return true }
            if op.flag && state.matched == Int(entry.length) { return true }
            return additionalProperties(op, at: cursor)
        case .ref:
            return validate(Int(op.a), at: cursor)
        case .allOf:
            for child in Int(op.a)..<Int(op.a + op.b) where !validate(Int(tables.children[child]), at: cursor)
            {
                return false
            }
            return true
        case .anyOf:
            for child in Int(op.a)..<Int(op.a + op.b) where validate(Int(tables.children[child]), at: cursor)
            {
                return true
            }
            return false
        case .oneOf:
            var matches = 0
            for child in Int(op.a)..<Int(op.a + op.b) where validate(Int(tables.children[child]), at: cursor)
            {
                matches += 1
                if matches > 1 { return false }
            }
            return matches == 1
        case .not:
            return !validate(Int(op.a), at: cursor)
        case .conditional:
            if op.b < 0 && op.c < 0 { return true }
            let branch = validate(Int(op.a), at: cursor) ? op.b : op.c
            return branch < 0 || validate(Int(branch), at: cursor)
        case .dependentSchemas:
            guard entry.kind == .object else { return true }
            for key in Int(op.a)..<Int(op.a + op.b) where member(key, in: cursor) != nil {
                if !validate(Int(tables.keys[key].schema), at: cursor) { return false }
            }
            return true
        case .prefixItems:
            guard entry.kind == .array else { return true }
            var child = cursor + 1
            for position in Int(op.a)..<Int(op.a + op.b) where child < Int(entry.end) {
                if !validateChild(Int(tables.children[position]), at: child) { return false }
                child = next(child)
            }
            return true
        case .items:
            guard entry.kind == .array, entry.length > UInt32(op.b) else { return true }
            if tables.nodes[Int(op.a)].constant == 0 { return false }
            var child = cursor + 1
            var position = 0
            while child < Int(entry.end) {
                if position >= Int(op.b) && !validateChild(Int(op.a), at: child) { return false }
                child = next(child)
                position += 1
            }
            return true
        case .contains:
            guard entry.kind == .array else { return true }
            var matched = 0
            var child = cursor + 1
            while child < Int(entry.end) {
                if validateChild(Int(op.a), at: child) {
                    matched += 1
                    if op.c < 0 && matched >= Int(op.b) { return true }
                }
                child = next(child)
            }
            return matched >= Int(op.b) && (op.c < 0 || matched <= Int(op.c))
        case .strings:
            if entry.kind == .string && !entry.flag {
                for key in Int(op.a)..<Int(op.a + op.b) where equalsKey(entry, key) { return true }
                return false
            }
            // Only strings can equal a list of strings: no value to build for the evaluator.
            if op.flag && entry.kind != .string { return false }
            let instance = value(at: cursor)
            return fallback.assert(program.keywords[Int(op.c)], instance)
        case .maxLength:
            guard entry.kind == .string else { return true }
            if entry.length <= UInt32(op.a) { return true }
            return scalarCount(entry) <= Int(op.a)
        case .minLength:
            guard entry.kind == .string else { return true }
            if entry.length < UInt32(op.a) { return false }
            return scalarCount(entry) >= Int(op.a)
        case .pattern:
            guard entry.kind == .string else { return true }
            if !entry.flag {
                let range = Int(entry.offset)..<Int(entry.offset + entry.length)
                return program.regexes[Int(op.a)].matches(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
            }
            return program.regexes[Int(op.a)].matches(tape.string(entry, bytes))
        case .maxItems:
            return entry.kind != .array || entry.length <= UInt32(op.a)
        case .minItems:
            return entry.kind != .array || entry.length >= UInt32(op.a)
        case .maxProperties:
            return entry.kind != .object || entry.length <= UInt32(op.a)
        case .minProperties:
            return entry.kind != .object || entry.length >= UInt32(op.a)
        case .number:
            guard entry.kind == .number else { return true }
            return number(tables.bounds[Int(op.a)], entry, keyword: Int(op.c))
        case .format:
            guard entry.kind == .string else { return true }
            return fallback.assert(program.keywords[Int(op.c)], .string(tape.string(entry, bytes)))
        case .uniqueItems:
            guard entry.kind == .array else { return true }
            if let unique = uniqueASCIIStrings(in: cursor) { return unique }
            return evaluateOnValue(Int(op.c), at: cursor)
        case .evaluate:
            return evaluateOnValue(Int(op.c), at: cursor)
        }
    }

    /// `patternProperties`, `propertyNames`, `dependentRequired` and the like: rare in response
    /// schemas; the evaluator takes this one value.
    private mutating func evaluateOnValue(_ keyword: Int, at cursor: Int) -> Bool {
        var ignored = Annotations()
        return fallback.evaluate(program.keywords[keyword], value(at: cursor), &ignored, collecting: false)
    }

    /// `properties`: each member whose key a property names goes to that property's schema. The
    /// search for a key starts after the last property found, so members in schema order cost one
    /// comparison each.
    private mutating func properties(_ op: TapeOp, at cursor: Int, _ state: inout NodeState) -> Bool {
        let object = entries[cursor]
        state.matched = 0
        state.found = 0
        let count = Int(op.b)
        guard count > 0 else { return true }
        let first = Int(op.a)
        var next = 0
        var key = cursor + 1
        while key < Int(object.end) {
            let value = key + 1
            let keyEntry = entries[key]
            let length = Int32(keyEntry.length)
            let prefix = keyEntry.flag ? 0 : TapeProgram.prefix(bytes, Int(keyEntry.offset), Int(length))
            var found = -1
            for step in 0..<count {
                var candidate = next + step
                if candidate >= count { candidate -= count }
                let schemaKey = tables.keys[first + candidate]
                // An escaped key's length counts its escapes, so only its decoded text compares.
                if keyEntry.flag
                    ? sameEscapedKey(keyEntry, first + candidate)
                    : schemaKey.length == length && schemaKey.prefix == prefix
                        && sameTail(keyEntry, schemaKey)
                {
                    found = candidate
                    break
                }
            }
            if found >= 0 {
                state.matched += 1
                if found < 64 { state.found |= 1 << UInt64(found) }
                next = found + 1 == count ? 0 : found + 1
                if !validateChild(Int(tables.keys[first + found].schema), at: value) { return false }
            }
            key = self.next(value)
        }
        return true
    }

    /// `additionalProperties`: members that no name in `keys[b ..< b + c]` names meet schema `a`.
    private mutating func additionalProperties(_ op: TapeOp, at cursor: Int) -> Bool {
        let object = entries[cursor]
        var key = cursor + 1
        while key < Int(object.end) {
            let value = key + 1
            var known = false
            for name in Int(op.b)..<Int(op.b + op.c) where equalsKey(entries[key], name) {
                known = true
                break
            }
            if !known && !validateChild(Int(op.a), at: value) { return false }
            key = next(value)
        }
        return true
    }

    /// A numeric keyword on a number entry: on the literal when both sides are short, else exactly.
    private mutating func number(_ bound: NumberBound, _ entry: JSONTape.Entry, keyword: Int) -> Bool {
        if let limit = bound.literal,
            let value = DecimalLiteral.read(bytes, Int(entry.offset), Int(entry.length))
        {
            switch bound.kind {
            case .minimum: return DecimalLiteral.compare(value, limit) >= 0
            case .maximum: return DecimalLiteral.compare(value, limit) <= 0
            case .exclusiveMinimum: return DecimalLiteral.compare(value, limit) > 0
            case .exclusiveMaximum: return DecimalLiteral.compare(value, limit) < 0
            case .multipleOf:
                if let multiple = value.isMultiple(of: limit) { return multiple }
            }
        }
        return fallback.assert(program.keywords[keyword], .number(tape.number(entry, bytes)))
    }

    /// Whether a number entry is an integer (`1.0` is).
    private func isInteger(_ entry: JSONTape.Entry) -> Bool {
        if entry.flag { return true }
        if let literal = DecimalLiteral.read(bytes, Int(entry.offset), Int(entry.length)) {
            return literal.isInteger
        }
        return tape.number(entry, bytes).isInteger
    }

    /// The value at `cursor` as a `JSONValue`, materialized once for consecutive requests.
    mutating func value(at cursor: Int) -> JSONValue {
        if materialized.cursor != cursor { materialized = (cursor, tape.materialize(cursor, bytes)) }
        return materialized.value
    }

    /// The entry after the value at `index` and its subtree.
    @inline(__always)
    func next(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.end) : index + 1
    }

    /// The value entry of the member named by `keys[key]` in the object at `cursor`, or nil.
    func member(_ key: Int, in cursor: Int) -> Int? {
        let object = entries[cursor]
        var index = cursor + 1
        while index < Int(object.end) {
            if equalsKey(entries[index], key) { return index + 1 }
            index = next(index + 1)
        }
        return nil
    }

    /// Whether a string entry's decoded text is `keys[key]`, byte for byte.
    @inline(__always)
    func equalsKey(_ entry: JSONTape.Entry, _ key: Int) -> Bool {
        if entry.flag { return sameEscapedKey(entry, key) }
        let schemaKey = tables.keys[key]
        return schemaKey.length == Int32(entry.length)
            && schemaKey.prefix == TapeProgram.prefix(bytes, Int(entry.offset), Int(entry.length))
            && sameTail(entry, schemaKey)
    }

    /// The bytes past the first eight of an unescaped key entry and a schema key of equal length.
    @inline(__always)
    private func sameTail(_ entry: JSONTape.Entry, _ key: TapeKey) -> Bool {
        let length = Int(key.length)
        guard length > 8 else { return true }
        let start = Int(entry.offset)
        let keyStart = Int(key.start)
        for offset in 8..<length where tables.keyBytes[keyStart + offset] != bytes[start + offset] {
            return false
        }
        return true
    }

    /// An escaped key entry against `keys[key]`, decoded (rare: keys seldom hold escapes).
    private func sameEscapedKey(_ entry: JSONTape.Entry, _ key: Int) -> Bool {
        MemberLookup.sameKey(tape.string(entry, bytes), program.names[key])
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
}
