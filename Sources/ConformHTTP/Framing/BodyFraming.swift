/// How the length of a message body is determined (RFC 9112 §6.3): the one vocabulary the client
/// and the server read bodies by (``MessageReader/readBody(_:)``), decided from the head by each
/// side's own rule: ``init(requestHeaders:maximumBodyBytes:)`` for the server, the client's
/// `ResponseReader` for responses. Both read `Content-Length` through ``declaredLength(_:)``.
package enum BodyFraming: Equatable, Sendable {
    case empty
    case length(Int)
    case chunked
    /// The body runs to the end of the connection (a response only).
    case untilClose

    /// What `Content-Length` lines say, under the rule both sides share: absent, one decimal length
    /// (repeated identical values are one), values that disagree, or a value that is not a number.
    package enum DeclaredLength: Equatable {
        case absent
        case value(Int)
        /// Digits only, but too many to be a length anyone sends (more than 18).
        case tooLong(String)
        case conflicting([String])
        case notANumber(String)
    }

    /// Reads the `Content-Length` lines `values` (every line, in order).
    package static func declaredLength(_ values: [String]) -> DeclaredLength {
        guard !values.isEmpty else { return .absent }
        let elements = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingASCIIWhitespace() }
        guard let first = elements.first, elements.allSatisfy({ $0 == first }) else {
            return .conflicting(values)
        }
        guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .notANumber(first)
        }
        guard first.utf8.count <= 18, let length = Int(first) else { return .tooLong(first) }
        return .value(length)
    }
}
