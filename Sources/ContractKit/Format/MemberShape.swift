import JSONSchema

/// One member of a contract object (or one definition of the format, under `$defs`): its name,
/// what it holds, whether it is required, and the words an editor shows about it.
struct MemberShape: Sendable {
    var name: String
    var value: ValueShape
    var isRequired = false
    /// What the member is for, shown by editors.
    var description: String?
    /// A note for whoever reads the format schema (`$comment`).
    var comment: String?
    /// The value the decoder assumes when the member is absent.
    var defaultValue: JSONValue?
    /// Said after "missing required key" when the member is absent: how to fill it in.
    var missingHint: String?
    /// The values of the object's discriminating member (an auth scheme's `type`) for which this
    /// member means something; empty when it always does.
    var variants: [String] = []

    /// A member the decoder reports when it is absent.
    static func required(
        _ name: String, _ value: ValueShape, description: String? = nil, comment: String? = nil,
        missingHint: String? = nil
    ) -> MemberShape {
        MemberShape(
            name: name, value: value, isRequired: true, description: description, comment: comment,
            missingHint: missingHint)
    }

    /// A member that may be left out.
    static func member(
        _ name: String, _ value: ValueShape, description: String? = nil, comment: String? = nil,
        default defaultValue: JSONValue? = nil, variants: [String] = []
    ) -> MemberShape {
        MemberShape(
            name: name, value: value, description: description, comment: comment,
            defaultValue: defaultValue, variants: variants)
    }

    /// The member's JSON Schema: its value's, with its description, comment and default. A member
    /// of a single variant says which in its description (`bearer: the token`).
    var schema: JSONValue {
        guard case .object(var object) = value.schema else { return value.schema }
        if let description {
            let prefix = variants.count == 1 ? variants[0] + ": " : ""
            object["description"] = .string(prefix + description)
        }
        if let comment { object["$comment"] = .string(comment) }
        if let defaultValue { object["default"] = defaultValue }
        return .object(object)
    }
}
