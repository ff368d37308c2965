import JSONSchema

/// The type names description authors write for JSON Schema's own (`"int"`, `"long"`, `"float"`,
/// `"bool"`, `"String"`), read as the type they mean.
///
/// Generators and hand-written Swagger 2.0 documents often carry a language's name for a type
/// (httpbin's flasgger document says `"type": "int"` on 17 parameters). Refusing the whole
/// description for it tests nothing; reading `int` as `integer` is what every reader of the
/// document understands, so the slip becomes a warning at the keyword.
enum SchemaTypeAlias {
    /// Alias (lower-cased) → the JSON Schema type, and the `format` it implies, if any.
    private static let aliases: [String: (type: String, format: String?)] = [
        "int": ("integer", nil), "int32": ("integer", "int32"), "int64": ("integer", "int64"),
        "long": ("integer", "int64"), "short": ("integer", "int32"), "bigint": ("integer", nil),
        "float": ("number", "float"), "double": ("number", "double"), "decimal": ("number", nil),
        "bool": ("boolean", nil), "str": ("string", nil), "text": ("string", nil),
        "date": ("string", "date"), "datetime": ("string", "date-time"), "date-time": ("string", "date-time"),
        "uuid": ("string", "uuid"), "dict": ("object", nil), "map": ("object", nil), "list": ("array", nil),
        "file": ("string", "binary"),
    ]

    private static let types: Set<String> = [
        "array", "boolean", "integer", "null", "number", "object", "string",
    ]

    /// What an alias stands for.
    struct Reading {
        /// The `type` value to use: a string, or an array for an array of types.
        var type: JSONValue
        /// The `format` the alias implies (`long` → `int64`), added when the schema has none.
        var format: String?
        /// The names that were read differently, as written.
        var aliases: [String]
    }

    /// The reading of a `type` value with an alias in it, or nil when it has none (a correct type,
    /// or a name nobody can read, which the meta-schema reports).
    static func reading(_ value: JSONValue) -> Reading? {
        switch value {
        case .string(let name):
            guard let (type, format) = read(name) else { return nil }
            return Reading(type: .string(type), format: format, aliases: [name])
        case .array(let names):
            var read: [JSONValue] = []
            var aliases: [String] = []
            var format: String?
            for element in names {
                guard case .string(let name) = element, let (type, implied) = self.read(name) else {
                    read.append(element)
                    continue
                }
                read.append(.string(type))
                aliases.append(name)
                format = format ?? implied
            }
            guard !aliases.isEmpty else { return nil }
            return Reading(type: .array(read), format: names.count == 1 ? format : nil, aliases: aliases)
        default:
            return nil
        }
    }

    /// The type and format an alias stands for; nil for a type JSON Schema already has (spelled in
    /// lower case) or an unknown name.
    private static func read(_ name: String) -> (String, String?)? {
        let lowered = name.lowercased()
        if types.contains(name) { return nil }
        if types.contains(lowered) { return (lowered, nil) }
        return aliases[lowered]
    }

    /// `"type": "int" is not a JSON Schema type; it is read as "integer"`, for the warning.
    static func message(_ reading: Reading, addedFormat: Bool) -> String {
        let written = reading.aliases.map { "\"\($0)\"" }.joined(separator: ", ")
        var message =
            "type \(written) is not a JSON Schema type; it is read as \(reading.type.compactText)"
        if addedFormat, let format = reading.format { message += " with \"format\": \"\(format)\"" }
        return message
    }
}
