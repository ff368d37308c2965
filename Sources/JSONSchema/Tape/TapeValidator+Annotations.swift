/// `unevaluatedProperties` and `unevaluatedItems` on the tape: the members (or elements) that the
/// node's other keywords and its passing in-place subschemas evaluated are collected as a bitset of
/// positions, only below a node that uses the keyword, so no other schema pays for annotations.
///
/// The collection mirrors the evaluator's. Members: `properties` and `patternProperties` mark the
/// members they name or match, `additionalProperties` and a nested `unevaluatedProperties` mark all.
/// Elements: `prefixItems` marks its prefix, `items` and a nested `unevaluatedItems` mark all,
/// `contains` marks the elements its subschema accepts. Either way `$ref`, `allOf`, the passing
/// branches of `anyOf`/`oneOf`, a holding `if` with its `then` (or the `else`) and the
/// `dependentSchemas` that apply pass on their subschemas' marks, and `not` passes none.
extension TapeValidator {
    /// The members of one object (or elements of one array) that earlier keywords evaluated.
    struct MemberSet {
        private var first: UInt64 = 0
        private var rest: [UInt64] = []
        /// Set once some keyword evaluated every member.
        private(set) var all = false

        init(count: Int) {
            if count > 64 { rest = [UInt64](repeating: 0, count: (count - 1) / 64) }
        }

        mutating func insert(_ position: Int) {
            if position < 64 {
                first |= 1 << UInt64(position)
            } else {
                rest[(position >> 6) - 1] |= 1 << UInt64(position & 63)
            }
        }

        mutating func insertAll() { all = true }

        func contains(_ position: Int) -> Bool {
            if all { return true }
            if position < 64 { return first & (1 << UInt64(position)) != 0 }
            return rest[(position >> 6) - 1] & (1 << UInt64(position & 63)) != 0
        }
    }

    /// Validates a node that uses `unevaluated*` on the tape, or nil when a reference chain passes
    /// the cycle guard while collecting and the evaluator must decide.
    mutating func validateTrackingAnnotations(_ node: TapeNode, at cursor: Int) -> Bool? {
        guard run(node, at: cursor) else { return false }
        let entry = entries[cursor]
        let unevaluated: Int32
        switch entry.kind {
        case .object: unevaluated = node.unevaluatedProperties
        case .array: unevaluated = node.unevaluatedItems
        default: return true
        }
        guard unevaluated >= 0 else { return true }
        let items = entry.kind == .array
        var evaluated = MemberSet(count: Int(entry.length))
        guard collectEvaluated(node, at: cursor, into: &evaluated, items: items, own: true, depth: 0) else {
            return nil
        }
        if evaluated.all { return true }
        var child = cursor + 1
        var position = 0
        while child < Int(entry.end) {
            let value = items ? child : child + 1
            if !evaluated.contains(position) && !validateChild(Int(unevaluated), at: value) { return false }
            child = next(value)
            position += 1
        }
        return true
    }

    /// Adds the members (`items`: elements) that `node` evaluated on the value at `cursor` (which
    /// the node passed) to `set`; `own` skips the node's own `unevaluated*`, which is what asks.
    /// False when the reference chain passes the cycle guard.
    private mutating func collectEvaluated(
        _ node: TapeNode, at cursor: Int, into set: inout MemberSet, items: Bool, own: Bool, depth: Int
    ) -> Bool {
        guard depth < Evaluator.maximumDepth else { return false }
        if set.all || node.constant >= 0 { return true }
        if !own && (items ? node.unevaluatedItems : node.unevaluatedProperties) >= 0 {
            set.insertAll()
            return true
        }
        for position in Int(node.start)..<Int(node.start + node.count) {
            switch collect(tables.ops[position], at: cursor, into: &set, items: items, depth: depth) {
            case .more: continue
            case .all: return true
            case .overflow: return false
            }
        }
        return true
    }

    /// What one instruction left to collect.
    private enum Collected {
        /// Go on with the node's next instruction.
        case more
        /// Every member (or element) is evaluated: nothing more to collect.
        case all
        /// A reference chain passed the cycle guard.
        case overflow
    }

    /// Adds what one instruction of a passing node evaluated to `set`.
    private mutating func collect(
        _ op: TapeOp, at cursor: Int, into set: inout MemberSet, items: Bool, depth: Int
    ) -> Collected {
        switch op.code {
        case .properties where !items:
            markMembers(at: cursor, in: &set) { key in
                (Int(op.a)..<Int(op.a + op.b)).contains { equalsKey(key, $0) }
            }
        case .additionalProperties where !items, .items where items:
            set.insertAll()
            return .all
        case .evaluate where !items:
            return collectFromEvaluator(Int(op.c), at: cursor, into: &set)
        case .prefixItems where items:
            for element in 0..<min(Int(op.b), Int(entries[cursor].length)) { set.insert(element) }
        case .contains where items:
            var child = cursor + 1
            var element = 0
            while child < Int(entries[cursor].end) {
                if validateChild(Int(op.a), at: child) { set.insert(element) }
                child = next(child)
                element += 1
            }
        case .ref, .allOf, .anyOf, .oneOf, .conditional, .dependentSchemas:
            return collectInPlace(op, at: cursor, into: &set, items: items, depth: depth) ? .more : .overflow
        default:
            break
        }
        return .more
    }

    /// `patternProperties` marks the members it matches; an `additionalProperties` the evaluator
    /// takes (beside `patternProperties`) marks all.
    private mutating func collectFromEvaluator(_ keyword: Int, at cursor: Int, into set: inout MemberSet)
        -> Collected
    {
        switch program.keywords[keyword] {
        case .patternProperties(let patterns):
            markMembers(at: cursor, in: &set) { key in patterns.contains { keyMatches($0.pattern, key) } }
            return .more
        case .additionalProperties:
            set.insertAll()
            return .all
        default:
            return .more
        }
    }

    /// The in-place applicators pass on what their passing subschemas evaluated; false when a
    /// reference chain passes the cycle guard.
    private mutating func collectInPlace(
        _ op: TapeOp, at cursor: Int, into set: inout MemberSet, items: Bool, depth: Int
    ) -> Bool {
        switch op.code {
        case .ref:
            return collect(Int(op.a), cursor, &set, items, depth)
        case .allOf:
            for child in Int(op.a)..<Int(op.a + op.b)
            where !collect(Int(tables.children[child]), cursor, &set, items, depth) {
                return false
            }
        case .anyOf, .oneOf:
            for child in Int(op.a)..<Int(op.a + op.b) {
                let schema = Int(tables.children[child])
                if validate(schema, at: cursor) && !collect(schema, cursor, &set, items, depth) {
                    return false
                }
            }
        case .conditional:
            let branch: Int32
            if validate(Int(op.a), at: cursor) {
                guard collect(Int(op.a), cursor, &set, items, depth) else { return false }
                branch = op.b
            } else {
                branch = op.c
            }
            if branch >= 0 && !collect(Int(branch), cursor, &set, items, depth) { return false }
        default:
            guard !items else { return true }
            for key in Int(op.a)..<Int(op.a + op.b) where member(key, in: cursor) != nil {
                guard collect(Int(tables.keys[key].schema), cursor, &set, items, depth) else { return false }
            }
        }
        return true
    }

    /// `collectEvaluated` for a passing in-place subschema, one level deeper.
    private mutating func collect(
        _ index: Int, _ cursor: Int, _ set: inout MemberSet, _ items: Bool, _ depth: Int
    ) -> Bool {
        collectEvaluated(
            tables.nodes[index], at: cursor, into: &set, items: items, own: false, depth: depth + 1)
    }

    /// Marks the members of the object at `cursor` whose key entry satisfies `marks`.
    private func markMembers(
        at cursor: Int, in set: inout MemberSet, where marks: (JSONTape.Entry) -> Bool
    ) {
        let object = entries[cursor]
        var key = cursor + 1
        var position = 0
        while key < Int(object.end) {
            if marks(entries[key]) { set.insert(position) }
            key = next(key + 1)
            position += 1
        }
    }

    /// Whether `regex` matches somewhere in the key of a key entry, on its bytes when unescaped.
    private func keyMatches(_ regex: ECMARegex, _ key: JSONTape.Entry) -> Bool {
        if key.flag { return regex.matches(JSONTape.string(key, bytes)) }
        let range = Int(key.offset)..<Int(key.offset + key.length)
        return regex.matches(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
