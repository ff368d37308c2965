import JSONSchema

/// Reads the members of one JSON object of a contract, recording a problem for every member of the
/// wrong type and, at the end, for every member it does not know (with a did-you-mean).
struct ObjectReader {
    let object: JSONObject
    let pointer: JSONPointer
    private var consumed: Set<String> = []

    init?(_ value: JSONValue, at pointer: JSONPointer, what: String, log: inout ProblemLog) {
        guard case .object(let object) = value else {
            log.error("\(what) must be an object, found \(Self.describe(value))", at: pointer)
            return nil
        }
        self.object = object
        self.pointer = pointer
    }

    mutating func value(_ key: String) -> JSONValue? {
        consumed.insert(key)
        return object[key]
    }

    mutating func string(_ key: String, required: Bool = false, log: inout ProblemLog) -> String? {
        guard let value = value(key) else {
            if required { log.error("missing required key \"\(key)\"", at: pointer) }
            return nil
        }
        guard case .string(let text) = value else {
            log.error(
                "\"\(key)\" must be a string, found \(Self.describe(value))", at: pointer.appending(key))
            return nil
        }
        return text
    }

    mutating func bool(_ key: String, log: inout ProblemLog) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            log.error(
                "\"\(key)\" must be true or false, found \(Self.describe(value))", at: pointer.appending(key))
            return nil
        }
        return flag
    }

    mutating func int(_ key: String, log: inout ProblemLog) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.intValue else {
            log.error(
                "\"\(key)\" must be an integer, found \(Self.describe(value))", at: pointer.appending(key))
            return nil
        }
        return number
    }

    mutating func stringArray(_ key: String, log: inout ProblemLog) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value, let strings = Optional(elements.compactMap(\.stringValue)),
            strings.count == elements.count
        else {
            log.error(
                "\"\(key)\" must be an array of strings, found \(Self.describe(value))",
                at: pointer.appending(key))
            return nil
        }
        return strings
    }

    mutating func object(_ key: String, log: inout ProblemLog) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard case .object(let object) = value else {
            log.error(
                "\"\(key)\" must be an object, found \(Self.describe(value))", at: pointer.appending(key))
            return nil
        }
        return object
    }

    mutating func array(_ key: String, log: inout ProblemLog) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            log.error(
                "\"\(key)\" must be an array, found \(Self.describe(value))", at: pointer.appending(key))
            return nil
        }
        return elements
    }

    /// Reports members never read, as unknown keys, suggesting the nearest known one.
    func reportUnknownKeys(known: [String], in what: String, log: inout ProblemLog) {
        for key in object.keys where !consumed.contains(key) && !key.hasPrefix("x-") {
            var message = "unknown key \"\(key)\" in \(what)"
            if let suggestion = Suggestion.closest(to: key, in: known) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                message += " (known keys: \(known.sorted().joined(separator: ", ")))"
            }
            log.error(message, at: pointer.appending(key))
        }
    }

    /// A short description of a value for messages: its type and, when small, the value itself.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "boolean \(flag)"
        case .number(let number): return "number \(number)"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \"\(shown)\""
        case .array(let elements): return "an array of \(elements.count)"
        case .object: return "an object"
        }
    }
}
