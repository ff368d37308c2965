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
    /// Where the validator gives the benefit of the doubt instead of refusing; none by default.
    package var leniency: Leniency = []

    /// Options for compiling; the defaults treat `format` as an annotation and use no extra documents.
    public init(assertsFormats: Bool = false, documents: [String: JSONValue] = [:]) {
        self.assertsFormats = assertsFormats
        self.documents = documents
    }

    /// The places where a schema's author cannot be asked and a caller that only needs a
    /// reasonable verdict (the generator keeping candidate values, the mutator dropping mutations
    /// that stayed valid) prefers "matches" to a compile error or a refusal.
    package struct Leniency: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A `$ref` or `$dynamicRef` whose target is nowhere compiles to the schema `true`.
        package static let unresolvedReferences = Leniency(rawValue: 1)
        /// A `pattern` (or `patternProperties` name) the regex engine rejects matches every string.
        package static let uncompilablePatterns = Leniency(rawValue: 2)
        /// A schema nested on one value past the evaluator's cycle guard counts as matching.
        package static let recursionLimit = Leniency(rawValue: 4)
    }
}
