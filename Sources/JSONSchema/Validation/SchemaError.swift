/// Why a schema could not be compiled.
///
/// Each case carries the place in the schema document so that a person can fix the schema; a
/// schema that compiles never fails later for these reasons.
public enum SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A keyword has a value of the wrong shape, such as `"minLength": "3"`.
    case invalidKeyword(pointer: JSONPointer, keyword: String, expected: String)
    /// A schema position holds something that is neither an object nor a boolean.
    case invalidSchema(pointer: JSONPointer, found: String)
    /// A `$ref`, `$dynamicRef` or `$schema` target that is neither in the document nor in the
    /// documents passed in `SchemaOptions`.
    case unresolvableReference(ref: String, pointer: JSONPointer)
    /// A `pattern` or `patternProperties` key that is not a valid regular expression.
    case invalidRegex(pattern: String, pointer: JSONPointer, detail: String)
    /// A `$schema` that names a meta-schema that is not available.
    case unknownDialect(uri: String, pointer: JSONPointer)
    /// A meta-schema requires a vocabulary this validator does not implement.
    case unsupportedVocabulary(uri: String, pointer: JSONPointer)
    /// `Schema(document:at:)` was given a pointer that does not exist in the document.
    case pointerNotFound(pointer: JSONPointer)

    public var description: String {
        switch self {
        case .invalidKeyword(let pointer, let keyword, let expected):
            return "\(pointer.displayText): \"\(keyword)\" must be \(expected)"
        case .invalidSchema(let pointer, let found):
            return "\(pointer.displayText): a schema must be an object or a boolean, found \(found)"
        case .unresolvableReference(let ref, let pointer):
            return "\(pointer.displayText): cannot resolve reference \"\(ref)\"; "
                + "point it at a schema in the same document (such as \"#/schemas/Name\") or fix the name"
        case .invalidRegex(let pattern, let pointer, let detail):
            return "\(pointer.displayText): invalid regular expression \"\(pattern)\": \(detail)"
        case .unknownDialect(let uri, let pointer):
            return "\(pointer.displayText): unknown meta-schema \"\(uri)\" in $schema; "
                + "use https://json-schema.org/draft/2020-12/schema or leave $schema out"
        case .unsupportedVocabulary(let uri, let pointer):
            return "\(pointer.displayText): the meta-schema requires the unsupported vocabulary \"\(uri)\""
        case .pointerNotFound(let pointer):
            return "\(pointer.displayText): no value at this pointer in the document"
        }
    }
}
