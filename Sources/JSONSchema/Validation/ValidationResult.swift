/// The outcome of validating one instance, with every error found.
public struct ValidationResult: Sendable {
    /// Whether the instance satisfies the schema.
    public var isValid: Bool
    /// Every failing assertion, in evaluation order; empty when `isValid`. Failures inside
    /// `anyOf`/`oneOf` alternatives follow the summary error of the keyword.
    public var errors: [ValidationError]

    public init(isValid: Bool, errors: [ValidationError]) {
        self.isValid = isValid
        self.errors = errors
    }

    /// The specification's "basic" output format, for tools that consume standard output:
    /// `{"valid": false, "errors": [{"keywordLocation", "absoluteKeywordLocation", "instanceLocation", "error"}]}`.
    public var basicOutput: JSONValue {
        guard !isValid else { return ["valid": true] }
        let units: [JSONValue] = errors.map { error in
            var members: [JSONObject.Member] = [
                ("keywordLocation", .string(error.keywordLocation.description))
            ]
            if let absolute = error.absoluteKeywordLocation {
                members.append(("absoluteKeywordLocation", .string(absolute)))
            }
            members.append(("instanceLocation", .string(error.instanceLocation.description)))
            members.append(("error", .string(error.message)))
            return .object(JSONObject(members))
        }
        return .object(JSONObject([("valid", false), ("errors", .array(units))]))
    }
}
