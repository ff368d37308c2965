import JSONSchema

/// The one walk over a server's answer that looks for what it names (references, ids, page tokens):
/// bounded, because an answer may nest 512 levels (the reader's limit) while these walks run on a
/// task group's small stack, and a huge answer should cost little.
enum AnswerWalk {
    /// How deep into an answer the walk goes.
    static let maximumDepth = 32
    /// How many values (containers included) one walk visits at most.
    static let budget = 2_000

    /// Calls `visit` with every scalar of `body`, in document order, and the name of the property
    /// that holds it (an array's elements keep their array's; nil at the top), until `visit`
    /// returns false or the bounds are reached.
    static func scalars(of body: JSONValue, _ visit: (JSONValue, String?) -> Bool) {
        var remaining = budget
        var going = true
        func walk(_ value: JSONValue, key: String?, depth: Int) {
            guard going, remaining > 0, depth <= maximumDepth else { return }
            remaining -= 1
            switch value {
            case .object(let object):
                for member in object.members { walk(member.value, key: member.key, depth: depth + 1) }
            case .array(let elements):
                for element in elements { walk(element, key: key, depth: depth + 1) }
            default:
                going = visit(value, key)
            }
        }
        walk(body, key: nil, depth: 0)
    }
}
