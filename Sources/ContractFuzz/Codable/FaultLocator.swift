import JSONSchema

/// Finds the value a decoding failure is about when the decoder does not say.
///
/// Some decoders report certain failures without a coding path: Foundation on Linux reports a
/// number that does not fit the property's type (`0.01` for an `Int`) as "not valid JSON" at the
/// root. The locator replaces one leaf at a time with a simpler value and blames the first leaf
/// whose replacement lets the payload decode, so the finding still names `/price`.
enum FaultLocator {
    /// The pointer of the leaf to blame and the replacement that decodes, or nil.
    static func locate(in value: JSONValue, runner: DecodeRunner) -> (pointer: JSONPointer, fix: JSONValue)? {
        var edits: [(pointer: JSONPointer, fix: JSONValue)] = []
        collect(value, at: .root, into: &edits)
        guard !edits.isEmpty else { return nil }
        let candidates = edits.map { JSONSerializer().bytes(value.replacing(at: $0.pointer, with: $0.fix)) }
        let outcomes = runner.outcomes(candidates) { outcome in
            if case .decoded = outcome { return true }
            return false
        }
        guard let last = outcomes.last, case .decoded = last else { return nil }
        return edits[outcomes.count - 1]
    }

    private static func collect(
        _ value: JSONValue, at pointer: JSONPointer,
        into edits: inout [(pointer: JSONPointer, fix: JSONValue)]
    ) {
        guard edits.count < 400 else { return }
        switch value {
        case .object(let object):
            for member in object.members {
                collect(member.value, at: pointer.appending(member.key), into: &edits)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, at: pointer.appending(index), into: &edits)
            }
        case .string(let text):
            if pointer.isRoot { return }
            for fix in ShrinkCandidates.of(value) + [.string("a")] where fix != .string(text) {
                edits.append((pointer, fix))
            }
        case .number, .bool, .null:
            if pointer.isRoot { return }
            for fix in ShrinkCandidates.of(value) { edits.append((pointer, fix)) }
        }
    }
}
