import Foundation

/// The app decoder's date and data strategies in words, so a message about a `Date` or `Data`
/// says what the file should hold, not only the primitive the decoder wanted.
enum StrategyWords {
    /// What a `Date` must be in the file (`a number`) and how the model reads it
    /// (`as seconds since 2001`).
    static func date(_ decoder: JSONDecoder) -> (expected: String, how: String) {
        switch decoder.dateDecodingStrategy {
        case .deferredToDate: return ("a number", "as seconds since 2001")
        case .secondsSince1970: return ("a number", "as seconds since 1970")
        case .millisecondsSince1970: return ("a number", "as milliseconds since 1970")
        case .iso8601:
            return ("an ISO 8601 date-time string", "as an ISO 8601 string such as 2024-05-01T10:00:00Z")
        case let strategy:
            // `.formatted` is a case on Darwin; swift-corelibs-foundation makes it a `.custom`
            // closure, and then the format cannot be named.
            guard let formatter = Mirror(reflecting: strategy).children.first?.value as? DateFormatter,
                let format = formatter.dateFormat
            else { return ("a date its custom strategy reads", "with a custom date strategy") }
            return ("a date string formatted \"\(format)\"", "as a string formatted \"\(format)\"")
        }
    }

    /// What `Data` must be in the file and how the model reads it.
    static func data(_ decoder: JSONDecoder) -> (expected: String, how: String) {
        switch decoder.dataDecodingStrategy {
        case .base64: return ("a base64 string", "as base64 text")
        case .deferredToData: return ("an array of bytes", "as an array of bytes")
        default: return ("data its custom strategy reads", "with a custom data strategy")
        }
    }

    /// The JSON a Swift type name stands for, as the decoder's errors name it: `Double` is
    /// `a number`, `Array<Any>` `an array`.
    static func json(forType name: String) -> String {
        switch name {
        case "String", "Substring", "Character": return "a string"
        case "Bool": return "true or false"
        case "Array<Any>": return "an array"
        case "Dictionary<String, Any>": return "an object"
        case "Double", "Float", "Float16", "CGFloat", "Decimal": return "a number"
        default:
            if name.hasPrefix("Int") || name.hasPrefix("UInt") { return "a number" }
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "`\(name)`"
        }
    }
}
