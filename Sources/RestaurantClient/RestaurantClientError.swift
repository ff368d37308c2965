import Foundation

/// Why a call to the Restaurant API failed, worded for a person reading a log or an alert.
public enum RestaurantClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path could not be turned into a URL under the base URL.
    case invalidURL(String)
    /// No HTTP answer arrived (refused, timed out, offline).
    case transport(url: String, message: String)
    /// The server answered with a status other than 2xx; `message` is its `error` member when present.
    case status(url: String, code: Int, message: String?)
    /// The body did not decode into the expected model.
    case decoding(url: String, type: String, pointer: String, message: String)
    /// The request body could not be encoded.
    case encoding(type: String, message: String)

    public var description: String {
        switch self {
        case .invalidURL(let path):
            return "cannot build a URL for \(path)"
        case .transport(let url, let message):
            return "no answer from \(url): \(message)"
        case .status(let url, let code, let message):
            return "\(url) answered \(code)" + (message.map { ": \($0)" } ?? "")
        case .decoding(let url, let type, let pointer, let message):
            return "the body of \(url) is not a \(type) at \(pointer.isEmpty ? "/" : pointer): \(message)"
        case .encoding(let type, let message):
            return "cannot encode the \(type): \(message)"
        }
    }

    /// The JSON pointer a `DecodingError` points at, and a short reason.
    static func describe(_ error: any Error) -> (pointer: String, message: String) {
        guard let decodingError = error as? DecodingError else { return ("", "\(error)") }
        func pointer(_ path: [any CodingKey]) -> String {
            path.map { key in
                let token = key.intValue.map(String.init) ?? key.stringValue
                return "/"
                    + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(
                        of: "/", with: "~1")
            }.joined()
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return (pointer(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (pointer(context.codingPath), "expected \(type) but found null")
        case .keyNotFound(let key, let context):
            return (pointer(context.codingPath + [key]), "the key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            return (pointer(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(decodingError)")
        }
    }
}
