/// The schema object being compiled and where it is, for compiling its keywords.
struct KeywordContext {
    let object: JSONObject
    let location: SchemaLocation
    let base: String
    let dialect: Dialect
    /// Whether a pattern the engine rejects compiles to one that matches every string
    /// (`SchemaOptions.Leniency.uncompilablePatterns`) instead of failing the schema.
    var acceptsUncompilablePatterns = false

    func location(_ tokens: String...) -> SchemaLocation {
        var pointer = location.pointer
        for token in tokens { pointer = pointer.appending(token) }
        return SchemaLocation(document: location.document, pointer: pointer)
    }

    func pointer(_ keyword: String) -> JSONPointer { location.pointer.appending(keyword) }

    func invalid(_ keyword: String, _ expected: String) -> SchemaError {
        .invalidKeyword(pointer: location.pointer, keyword: keyword, expected: expected)
    }

    func nonNegativeInteger(_ keyword: String) throws(SchemaError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value, number.isInteger, !number.isNegative else {
            throw invalid(keyword, "a non-negative integer")
        }
        return number.intValue ?? Int.max
    }

    func number(_ keyword: String) throws(SchemaError) -> JSONNumber? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value else { throw invalid(keyword, "a number") }
        return number
    }

    func stringArray(_ value: JSONValue, _ keyword: String) throws(SchemaError) -> [String] {
        guard case .array(let elements) = value else { throw invalid(keyword, "an array of strings") }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element else { throw invalid(keyword, "an array of strings") }
            strings.append(string)
        }
        return strings
    }

    func regex(_ pattern: String, pointer: JSONPointer) throws(SchemaError) -> ECMARegex {
        do {
            return try ECMARegex.compile(pattern)
        } catch {
            if acceptsUncompilablePatterns, let everything = try? ECMARegex.compile("(?:)") {
                return everything
            }
            throw .invalidRegex(pattern: pattern, pointer: pointer, detail: String(describing: error))
        }
    }
}
