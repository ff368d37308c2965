/// `unevaluatedProperties` on the tape: the members that the node's other keywords and its passing
/// in-place subschemas evaluated are collected as a bitset of member positions, only below a node
/// that uses the keyword, so no other schema pays for annotations.
///
/// The collection mirrors the evaluator's: `properties` and `patternProperties` mark the members
/// they name or match, `additionalProperties` and a nested `unevaluatedProperties` mark every
/// member, `$ref`, `allOf`, the passing branches of `anyOf`/`oneOf`, a holding `if` with its `then`
/// (or the `else`) and the `dependentSchemas` that apply pass on their subschemas' marks, `not`
/// passes none. `unevaluatedItems` on an array still goes to the evaluator.
extension TapeValidator {
    /// The members of one object that earlier keywords evaluated, by position.
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

    /// Validates a node that uses `unevaluated*` on the tape, or nil when it cannot (an array under
    /// `unevaluatedItems`, a reference cycle deeper than the guard) and the evaluator must.
    mutating func validateTrackingAnnotations(_ index: Int, at cursor: Int) -> Bool? {
        let entry = entries[cursor]
        let keywords = program.nodes[index].keywords
        if entry.kind == .array {
            for keyword in keywords {
                if case .unevaluatedItems = keyword { return nil }
            }
        }
        var unevaluated: Int?
        for keyword in keywords {
            switch keyword {
            case .unevaluatedItems:
                continue
            case .unevaluatedProperties(let schema):
                unevaluated = schema
            default:
                if !evaluate(keyword, at: cursor) { return false }
            }
        }
        guard entry.kind == .object, let unevaluated else { return true }
        var evaluated = MemberSet(count: Int(entry.length))
        guard collectEvaluated(index, at: cursor, into: &evaluated, own: true, depth: 0) else { return nil }
        if evaluated.all { return true }
        var key = cursor + 1
        var position = 0
        while key < Int(entry.end) {
            let value = key + 1
            if !evaluated.contains(position) && !validateChild(unevaluated, at: value) { return false }
            key = JSONTape.next(entries, value)
            position += 1
        }
        return true
    }

    /// Adds the members node `index` evaluated on the object at `cursor` (which the node passed) to
    /// `set`; `own` skips the node's own `unevaluatedProperties`, which is what asks. False when the
    /// reference chain passes the cycle guard.
    private mutating func collectEvaluated(
        _ index: Int, at cursor: Int, into set: inout MemberSet, own: Bool, depth: Int
    ) -> Bool {
        guard depth < Evaluator.maximumDepth else { return false }
        if set.all { return true }
        let node = program.nodes[index]
        if node.constant != nil { return true }
        for keyword in node.keywords {
            switch keyword {
            case .properties(let schemas):
                markMembers(at: cursor, in: &set) { key in schemas.contains { equalsKey(key, $0.name) } }
            case .patternProperties(let patterns):
                markMembers(at: cursor, in: &set) { key in patterns.contains { keyMatches($0.pattern, key) } }
            case .additionalProperties:
                set.insertAll()
                return true
            case .unevaluatedProperties:
                if !own {
                    set.insertAll()
                    return true
                }
            case .ref(let target), .dynamicRef(let target, _):
                guard collectEvaluated(target, at: cursor, into: &set, own: false, depth: depth + 1) else {
                    return false
                }
            case .allOf(let schemas):
                for schema in schemas
                where !collectEvaluated(schema, at: cursor, into: &set, own: false, depth: depth + 1) {
                    return false
                }
            case .anyOf(let schemas), .oneOf(let schemas):
                for schema in schemas where validate(schema, at: cursor) {
                    guard collectEvaluated(schema, at: cursor, into: &set, own: false, depth: depth + 1)
                    else {
                        return false
                    }
                }
            case .conditional(let condition, let then, let otherwise):
                let branch: Int?
                if validate(condition, at: cursor) {
                    guard collectEvaluated(condition, at: cursor, into: &set, own: false, depth: depth + 1)
                    else {
                        return false
                    }
                    branch = then
                } else {
                    branch = otherwise
                }
                if let branch, !collectEvaluated(branch, at: cursor, into: &set, own: false, depth: depth + 1)
                {
                    return false
                }
            case .dependentSchemas(let dependencies):
                for (name, schema) in dependencies where member(named: name, in: cursor) != nil {
                    guard collectEvaluated(schema, at: cursor, into: &set, own: false, depth: depth + 1)
                    else {
                        return false
                    }
                }
            default:
                continue
            }
        }
        return true
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
            key = JSONTape.next(entries, key + 1)
            position += 1
        }
    }

    /// Whether `regex` matches somewhere in the key of a key entry, on its bytes when unescaped.
    private func keyMatches(_ regex: ECMARegex, _ key: JSONTape.Entry) -> Bool {
        if key.flag { return regex.matches(tape.string(key, bytes)) }
        let range = Int(key.offset)..<Int(key.offset + key.length)
        return regex.matches(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
