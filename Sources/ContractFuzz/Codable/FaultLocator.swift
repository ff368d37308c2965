import JSONSchema

/// Finds the value a decoding failure is about when the decoder does not say.
///
/// Some decoders report certain failures without a coding path: Foundation on Linux reports a
/// number that does not fit the property's type (`0.01` for an `Int`) as "not valid JSON" at the
/// root. The locator replaces the leaves at one place (`/items/*/price`: every element's, since
/// every element may have the same problem) with a simpler value, and blames the first place whose
/// replacement lets the payload decode, so the finding still names `/items/0/price`.
enum FaultLocator {
    /// The pointer of the first leaf to blame and the replacement that decodes, or nil.
    static func locate(in value: JSONValue, runner: DecodeRunner, timeout: Double? = nil)
        -> (pointer: JSONPointer, fix: JSONValue)?
    {
        var leaves: [(pointer: JSONPointer, value: JSONValue)] = []
        collect(value, at: .root, into: &leaves)
        var groups: [String: [JSONPointer]] = [:]
        var order: [String] = []
        for leaf in leaves {
            let pattern = CaseJudge.pattern(leaf.pointer)
            if groups[pattern] == nil { order.append(pattern) }
            groups[pattern, default: []].append(leaf.pointer)
        }
        var edits: [(pointer: JSONPointer, fix: JSONValue, payload: [UInt8])] = []
        for pattern in order {
            guard let pointers = groups[pattern], let first = pointers.first,
                let current = first.resolve(in: value)
            else { continue }
            for fix in fixes(for: current) {
                let edited = pointers.reduce(value) { $0.replacing(at: $1, with: fix) }
                edits.append((first, fix, JSONSerializer().bytes(edited)))
            }
        }
        guard !edits.isEmpty else { return nil }
        let outcomes = runner.outcomes(edits.map(\.payload), timeout: timeout) { outcome in
            if case .decoded = outcome { return true }
            return false
        }
        guard let last = outcomes.last, case .decoded = last else { return nil }
        let edit = edits[outcomes.count - 1]
        return (edit.pointer, edit.fix)
    }

    private static func collect(
        _ value: JSONValue, at pointer: JSONPointer,
        into leaves: inout [(pointer: JSONPointer, value: JSONValue)]
    ) {
        guard leaves.count < 400 else { return }
        switch value {
        case .object(let object):
            for member in object.members {
                collect(member.value, at: pointer.appending(member.key), into: &leaves)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, at: pointer.appending(index), into: &leaves)
            }
        case .string, .number, .bool, .null:
            if !pointer.isRoot { leaves.append((pointer, value)) }
        }
    }

    private static func fixes(for value: JSONValue) -> [JSONValue] {
        guard case .string(let text) = value else { return ShrinkCandidates.of(value) }
        return ShrinkCandidates.of(value) + (text == "a" ? [] : [.string("a")]) + plainDates(like: text)
    }

    /// A date's plainest spelling, for a date or date-time the decoder rejects without a path (a
    /// custom date strategy, such as swift-openapi-runtime's `DateTranscoder`, throws with none):
    /// neither `""` nor `"a"` decodes as a date, the plain spelling does when only the spelling
    /// was the problem.
    private static func plainDates(like text: String) -> [JSONValue] {
        let digits = text.prefix(10).map { $0.isNumber }
        let isDate =
            digits.count == 10
            && digits.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || $0.element }
            && Array(text)[4] == "-" && Array(text)[7] == "-"
        guard isDate else { return [] }
        let plain = text.count == 10 ? "1970-01-01" : "1970-01-01T00:00:00Z"
        return text == plain ? [] : [.string(plain)]
    }
}
