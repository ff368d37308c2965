/// Why no complete response arrived. These are findings of the run, never crashes.
///
/// Framing faults each have their own case, so a finding names what the server did wrong instead
/// of a generic "connection lost".
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    case connectionRefused(String)
    case hostNotFound(String)
    /// The whole exchange (connect, send, headers, body) did not finish within `seconds`.
    case timedOut(seconds: Double, elapsed: Duration)
    case connectionLost(String)
    /// The peer reset the connection (TCP RST).
    case connectionReset(String)
    case tooManyRedirects(hops: Int)
    /// `--follow-redirects` met a redirect to another origin; nothing was sent there.
    case crossOriginRedirect(status: Int, location: String)
    case bodyTooLarge(limit: Int)
    /// Two `Content-Length` headers (or a list) that disagree.
    case conflictingContentLength([String])
    case invalidContentLength(String)
    /// The status line and headers together exceed `limit` bytes.
    case headerSectionTooLarge(limit: Int)
    /// The connection closed after `received` of the `declared` body bytes.
    case bodyShorterThanDeclared(received: Int, declared: Int)
    case invalidChunkSize(String)
    /// The connection closed in the middle of a chunked body, after `received` bytes.
    case connectionClosedMidBody(received: Int)
    /// The bytes received are not an HTTP/1.x response.
    case malformedResponse(String)
    /// The body's `Content-Encoding` (gzip, deflate) could not be decoded.
    case undecodableBody(coding: String, reason: String)
    /// The run was interrupted while the exchange was in flight.
    case cancelled
    case invalidURL(String)
    case other(String)

    public var description: String {
        switch self {
        case .connectionRefused(let detail): return "connection refused (\(detail))"
        case .hostNotFound(let host): return "host not found: \(host)"
        case .timedOut(let seconds, let elapsed):
            return
                "no complete response within \(Self.format(seconds)) s (gave up after \(Int(elapsed.milliseconds)) ms)"
        case .connectionLost(let detail):
            return "the connection was lost before the response was complete (\(detail))"
        case .connectionReset(let detail):
            return "the connection was lost: the server reset it (TCP RST) \(detail)"
        case .tooManyRedirects(let hops): return "too many redirects (\(hops) hops: a redirect loop?)"
        case .crossOriginRedirect(let status, let location):
            return
                "the server redirected (\(status)) to another origin, \(location); Conform follows same-origin redirects only and sent nothing there"
        case .bodyTooLarge(let limit):
            return
                "the response body is larger than the \(Self.formatBytes(limit)) limit (--max-body); it was cut there"
        case .conflictingContentLength(let values):
            return "conflicting Content-Length headers: \(values.joined(separator: ", "))"
        case .invalidContentLength(let value): return "invalid Content-Length \"\(value)\""
        case .headerSectionTooLarge(let limit):
            return "the response's header section is larger than the \(Self.formatBytes(limit)) limit"
        case .bodyShorterThanDeclared(let received, let declared):
            return
                "the body ended early: the connection closed after \(received) of the \(declared) bytes its Content-Length declared"
        case .invalidChunkSize(let line): return "invalid chunk size \"\(line)\" in a chunked body"
        case .connectionClosedMidBody(let received):
            return "the connection closed in the middle of a chunked body, after \(received) bytes"
        case .malformedResponse(let detail): return "not a valid HTTP response: \(detail)"
        case .undecodableBody(let coding, let reason):
            return "the body declared Content-Encoding: \(coding) but cannot be decoded: \(reason)"
        case .cancelled: return "interrupted before the response was complete"
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

    package static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1_048_576 && bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1024 && bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}
