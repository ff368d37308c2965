/// The official JSON Schema 2020-12 meta-schema, for checking that a schema is well-formed.
public enum MetaSchema {
    /// The URI of the 2020-12 meta-schema.
    public static let uri = "https://json-schema.org/draft/2020-12/schema"

    /// Compiled once on first use; the embedded meta-schemas always compile.
    private static let compiled: Schema? = {
        guard let text = EmbeddedMetaSchemas.documents.first(where: { $0.uri == uri })?.text,
            let document = try? JSONParser.parse(text)
        else { return nil }
        return try? Schema(document, baseURI: uri)
    }()

    /// Validates a schema against the 2020-12 meta-schema (for linting contracts).
    public static func validate(_ schema: JSONValue) -> ValidationResult {
        guard let compiled else {
            let error = ValidationError(
                instanceLocation: .root, keywordLocation: .root, absoluteKeywordLocation: uri,
                keyword: "$schema",
                message: "the embedded meta-schema is unavailable")
            return ValidationResult(isValid: false, errors: [error])
        }
        return compiled.validate(schema)
    }
}
