import JSONSchema

/// One object of the contract format: the members it may hold and how messages name it.
///
/// The decoder reads an object through ``ObjectReader`` with its shape (required members, their
/// kinds, unknown keys with a did-you-mean), and the format schema in `docs/` is rendered from
/// the same shape, so a key is added in one place.
struct ObjectShape: Sendable {
    /// How messages name an object of this shape: `an endpoint`, `"request"`.
    var what: String
    /// How unknown-key messages name the object, when not as ``what``: `in the contract`.
    var within: String?
    var members: [MemberShape]
    /// Whether keys starting with `x-` are extensions, accepted and ignored.
    var allowsExtensions = true
    /// Whether `true` or `false` may stand for the whole object (a check setting).
    var allowsBoolean = false
    /// Members of which exactly one must be present (an assertion's operator).
    var exactlyOne: [String] = []
    /// Members that must not appear together.
    var exclusive: [String] = []
    /// Members required when another member has a given value (an apiKey scheme's `in` and `name`).
    var requiredWhen: (member: String, value: String, required: [String])?

    /// The members' names, in declaration order (the order did-you-mean suggestions prefer).
    var names: [String] { members.map(\.name) }

    /// The names of the members that mean something for one variant of the object.
    func names(forVariant variant: String) -> [String] {
        members.filter { $0.variants.isEmpty || $0.variants.contains(variant) }.map(\.name)
    }

    /// The member called `name`, if the shape declares one.
    func member(_ name: String) -> MemberShape? { members.first { $0.name == name } }

    /// The object's JSON Schema.
    var schema: JSONValue {
        var object = JSONObject()
        object["type"] = allowsBoolean ? ["boolean", "object"] : "object"
        let required = members.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { object["required"] = .array(required) }
        object["properties"] = .object(JSONObject(members.map { (key: $0.name, value: $0.schema) }))
        if !exactlyOne.isEmpty {
            object["oneOf"] = .array(exactlyOne.map { ["required": [.string($0)]] })
        }
        if !exclusive.isEmpty { object["not"] = ["required": .array(exclusive.map(JSONValue.string))] }
        if allowsExtensions { object["patternProperties"] = ["^x-": true] }
        object["additionalProperties"] = false
        if let requiredWhen {
            object["if"] = ["properties": [requiredWhen.member: ["const": .string(requiredWhen.value)]]]
            object["then"] = ["required": .array(requiredWhen.required.map(JSONValue.string))]
        }
        return .object(object)
    }
}
