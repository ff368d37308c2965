/// Settings for compiling a schema.
///
/// Schemas are compiled without network access: everything a `$ref` or `$schema` may point to,
/// beyond the document itself and the embedded 2020-12 meta-schemas, is passed in `documents`.
public struct SchemaOptions: Sendable {
    /// Whether `format` is checked (an assertion) instead of only being an annotation.
    ///
    /// Off by default, as the 2020-12 specification asks; contracts usually turn it on.
    public var assertsFormats: Bool
    /// Extra schema documents by absolute URI (without fragment), such as shared definitions.
    public var documents: [String: JSONValue]

    /// Options for compiling; the defaults treat `format` as an annotation and use no extra documents.
    public init(assertsFormats: Bool = false, documents: [String: JSONValue] = [:]) {
        self.assertsFormats = assertsFormats
        self.documents = documents
    }
}
