/// Why no complete response arrived. These are findings of the run, never crashes.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    case connectionRefused(String)
    case hostNotFound(String)
    case timedOut(seconds: Double)
    case connectionLost(String)
    case tooManyRedirects
    case bodyTooLarge(limit: Int)
    case invalidURL(String)
    case other(String)

    public var description: String {
        switch self {
        case .connectionRefused(let detail): return "connection refused (\(detail))"
        case .hostNotFound(let host): return "host not found: \(host)"
        case .timedOut(let seconds): return "no complete response within \(Self.format(seconds)) s"
        case .connectionLost(let detail):
            return "the connection was lost before the response was complete (\(detail))"
        case .tooManyRedirects: return "too many redirects (a redirect loop?)"
        case .bodyTooLarge(let limit):
            return "the response body is larger than the \(limit / 1_048_576) MiB limit"
        case .invalidURL(let url): return "invalid URL \(url)"
        case .other(let detail): return detail
        }
    }

    /// Whether the server could not be reached at all (as opposed to misbehaving once reached).
    public var isUnreachable: Bool {
        switch self {
        case .connectionRefused, .hostNotFound, .invalidURL: return true
        default: return false
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
