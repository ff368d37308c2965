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
    /// The tape's entries; the streaming validator points this at its scratch entries as they grow.
    var entries: UnsafeBufferPointer<JSONTape.Entry>
    let bytes: UnsafeBufferPointer<UInt8>
    /// The evaluator in quick mode, for the keywords and nodes handed over as `JSONValue`s.
    var fallback: Evaluator
    var depth = 0
    /// The last value materialized for the evaluator and its entry: `oneOf` branches that collect
    /// annotations all ask for the same value.
    var materialized: (cursor: Int, value: JSONValue) = (-1, .null)
    /// The last number literal read and its offset: `minimum` and `maximum` on one value read it
    /// once (`UInt32.max` is no offset: inputs are shorter).
    var literal: (offset: UInt32, value: DecimalLiteral?) = (.max, nil)
    /// The decoded text of the last escaped string a keyword read (its first `count` bytes), and
    /// its offset: `enum`, `pattern`, lengths and `format` on one string decode it once, into this
    /// reused buffer, which only grows.
    var decoded: (offset: UInt32, count: Int, text: [UInt8]) = (.max, 0, [])

    /// What one node's `properties` left for the `additionalProperties` and `required` after it.
    struct NodeState {
        /// How many members `properties` matched, or -1 when it did not run.
        var matched = -1
        /// The positions in the `properties` table it found.
        var found: UInt64 = 0
    }

    init(
        program: CompiledProgram, tapeProgram: TapeProgram, tables: TapeProgram.Tables,
        entries: UnsafeBufferPointer<JSONTape.Entry>, bytes: UnsafeBufferPointer<UInt8>
    ) {
        self.program = tapeProgram
        self.tables = tables
        self.entries = entries
        self.bytes = bytes
        self.fallback = Evaluator(program: program, verbose: false)
    }

    mutating func validate(_ index: Int, at cursor: Int) -> Bool {
        let node = tables.nodes[index]
        if node.constant >= 0 { return node.constant == 1 }
        depth += 1
        defer { depth -= 1 }
        if depth > Evaluator.maximumDepth { return fallback.program.recursionLimitMatches }
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

    /// Instruction `ops[position]` on the value at `cursor` (read here, not copied into the call),
    /// handed to the group of keywords it belongs to.
    @inline(__always)
    mutating func evaluate(_ position: Int, _ entry: JSONTape.Entry, at cursor: Int, _ state: inout NodeState)
        -> Bool
    {
        let op = tables.ops[position]
        switch op.code {
        case .type:
            if Int32(1) << Int32(entry.kind.rawValue) & op.a != 0 { return true }
            return op.b == 1 && entry.kind == .number && isInteger(entry)
        case .properties, .requiredMask, .required, .additionalProperties, .dependentSchemas:
            guard entry.kind == .object else { return true }
            return evaluateObject(op, entry, at: cursor, &state)
        case .prefixItems, .items, .contains, .uniqueItems:
            guard entry.kind == .array else { return true }
            return evaluateArray(op, entry, at: cursor)
        case .strings, .maxLength, .minLength, .pattern, .format:
            return evaluateString(op, entry, at: cursor)
        case .ref:
            return validate(Int(op.a), at: cursor)
        case .allOf, .anyOf, .oneOf, .not, .conditional:
            return evaluateApplicator(op, at: cursor)
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
        case .evaluate:
            return evaluateOnValue(Int(op.c), at: cursor)
        }
    }

    /// The combinators: subschemas on the same value.
    @inline(__always)
    private mutating func evaluateApplicator(_ op: TapeOp, at cursor: Int) -> Bool {
        switch op.code {
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
        default:
            if op.b < 0 && op.c < 0 { return true }
            let branch = validate(Int(op.a), at: cursor) ? op.b : op.c
            return branch < 0 || validate(Int(branch), at: cursor)
        }
    }

    /// `prefixItems`, `items`, `contains` and `uniqueItems` on an array.
    @inline(__always)
    private mutating func evaluateArray(_ op: TapeOp, _ entry: JSONTape.Entry, at cursor: Int) -> Bool {
        switch op.code {
        case .prefixItems:
            var child = cursor + 1
            for position in Int(op.a)..<Int(op.a + op.b) where child < Int(entry.end) {
                if !validateChild(Int(tables.children[position]), at: child) { return false }
                child = next(child)
            }
            return true
        case .items:
            guard entry.length > UInt32(op.b) else { return true }
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
        default:
            if let unique = uniqueASCIIStrings(in: cursor) { return unique }
            return evaluateOnValue(Int(op.c), at: cursor)
        }
    }

    /// `patternProperties`, `propertyNames`, `dependentRequired` and the like: rare in response
    /// schemas; the evaluator takes this one value.
    mutating func evaluateOnValue(_ keyword: Int, at cursor: Int) -> Bool {
        var ignored = Annotations()
        return fallback.evaluate(program.keywords[keyword], value(at: cursor), &ignored, collecting: false)
    }

    /// The value at `cursor` as a `JSONValue`, materialized once for consecutive requests.
    mutating func value(at cursor: Int) -> JSONValue {
        if materialized.cursor != cursor {
            materialized = (cursor, JSONTape.materialize(entries, cursor, bytes))
        }
        return materialized.value
    }

    /// The entry after the value at `index` and its subtree.
    @inline(__always)
    func next(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.end) : index + 1
    }
}
