import JSONSchema

/// Reads the members of one object of a results file, turning every absent or mistyped member into
/// a `ResultsFormatError` that names its full path (`cases[3].response.status`).
struct JSONFieldReader {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(ResultsFormatError) {
        guard let object = value.objectValue else { throw .wrongType(path: path, expected: "an object") }
        self.object = object
        self.path = path
    }

    func location(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member, treating `null` as absent.
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func required(_ key: String) throws(ResultsFormatError) -> JSONValue {
        guard let value = value(key) else { throw .missing(path: location(key)) }
        return value
    }

    func string(_ key: String) throws(ResultsFormatError) -> String {
        try typed(key, expected: "a string", \.stringValue)
    }

    func optionalString(_ key: String) throws(ResultsFormatError) -> String? {
        try optional(key, expected: "a string or null", \.stringValue)
    }

    func bool(_ key: String, default fallback: Bool? = nil) throws(ResultsFormatError) -> Bool {
        try typed(key, default: fallback, expected: "true or false", \.boolValue)
    }

    func int(_ key: String, default fallback: Int? = nil) throws(ResultsFormatError) -> Int {
        try typed(key, default: fallback, expected: "an integer", \.intValue)
    }

    /// The member as `read` reads it, `fallback` when absent (missing without one), and wrong
    /// when `read` cannot read it, saying it should have been `expected`.
    private func typed<Value>(
        _ key: String, default fallback: Value? = nil, expected: String, _ read: (JSONValue) -> Value?
    ) throws(ResultsFormatError) -> Value {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw .missing(path: location(key))
        }
        guard let typed = read(value) else { throw .wrongType(path: location(key), expected: expected) }
        return typed
    }

    /// The member as `read` reads it, nil when absent or null.
    private func optional<Value>(_ key: String, expected: String, _ read: (JSONValue) -> Value?)
        throws(ResultsFormatError) -> Value?
    {
        guard let value = value(key) else { return nil }
        guard let typed = read(value) else { throw .wrongType(path: location(key), expected: expected) }
        return typed
    }

    /// An array of strings; absent (or null) is empty.
    func optionalStrings(_ key: String) throws(ResultsFormatError) -> [String] {
        guard let value = value(key) else { return [] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            throw .wrongType(path: location(key), expected: "an array of strings")
        }
        return array.compactMap(\.stringValue)
    }

    func optionalInt(_ key: String) throws(ResultsFormatError) -> Int? {
        try optional(key, expected: "an integer or null", \.intValue)
    }

    /// A duration in milliseconds (up to microsecond precision); absent means zero.
    func milliseconds(_ key: String) throws(ResultsFormatError) -> Duration {
        guard let value = value(key) else { return .zero }
        guard let number = value.numberValue else {
            throw .wrongType(path: location(key), expected: "a number of milliseconds")
        }
        let microseconds = (number.doubleValue * 1000).rounded()
        guard microseconds >= 0, microseconds < 9.0e18 else {
            throw .invalidValue(path: location(key), reason: "a duration must be zero or more milliseconds")
        }
        return .microseconds(Int64(microseconds))
    }

    /// An array member; absent means empty.
    func array(_ key: String) throws(ResultsFormatError) -> [JSONValue] {
        guard let value = value(key) else { return [] }
        guard let elements = value.arrayValue else {
            throw .wrongType(path: location(key), expected: "an array")
        }
        return elements
    }

    func strings(_ key: String) throws(ResultsFormatError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(key).enumerated() {
            guard let text = element.stringValue else {
                throw .wrongType(path: "\(location(key))[\(index)]", expected: "a string")
            }
            result.append(text)
        }
        return result
    }

    /// The nested object at `key` as a reader, or nil when absent or null.
    func nested(_ key: String) throws(ResultsFormatError) -> JSONFieldReader? {
        guard let value = value(key) else { return nil }
        return try JSONFieldReader(value, path: location(key))
    }
}
