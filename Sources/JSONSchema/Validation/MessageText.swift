/// Short renderings of instance values for error messages: strings quoted, long values truncated,
/// so a message stays one readable line however large the offending value is.
enum MessageText {
    static let limit = 40

    /// `"9.99"`, `42`, `true`, `{"a":1,…}`.
    static func value(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .string(let string):
            text = JSONValue.string(truncated(string)).compactText
            return text
        default:
            text = value.compactText
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `string "9.99"`, `integer 3`, `object`, `null`.
    static func typed(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .object: return "object"
        case .array(let elements): return "array of \(elements.count) item\(elements.count == 1 ? "" : "s")"
        default: return "\(value.specificTypeName) \(Self.value(value))"
        }
    }

    static func quoted(_ string: String) -> String {
        JSONValue.string(truncated(string)).compactText
    }

    private static func truncated(_ string: String) -> String {
        string.count > limit ? String(string.prefix(limit)) + "…" : string
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
