/// The vocabularies in effect for a schema resource, taken from its meta-schema's `$vocabulary`.
///
/// A meta-schema may leave out vocabularies (keywords of those are then ignored) and may require
/// vocabularies this validator does not know (compilation then fails, as the specification asks).
struct Dialect: Equatable {
    var applicator = true
    var unevaluated = true
    var validation = true
    var assertsFormats = false

    static let vocabularyPrefix = "https://json-schema.org/draft/2020-12/vocab/"

    /// The dialect described by a meta-schema's `$vocabulary`; nil when it has none.
    static func from(vocabulary: JSONObject, assertsFormats: Bool, pointer: JSONPointer) throws(SchemaError)
        -> Dialect
    {
        var dialect = Dialect(
            applicator: false, unevaluated: false, validation: false, assertsFormats: assertsFormats)
        for (uri, required) in vocabulary {
            switch uri.hasPrefix(vocabularyPrefix) ? String(uri.dropFirst(vocabularyPrefix.count)) : uri {
            case "core", "meta-data", "content", "format-annotation": break
            case "applicator": dialect.applicator = true
            case "unevaluated": dialect.unevaluated = true
            case "validation": dialect.validation = true
            case "format-assertion": dialect.assertsFormats = true
            default:
                if required == .bool(true) { throw .unsupportedVocabulary(uri: uri, pointer: pointer) }
            }
        }
        return dialect
    }
}
