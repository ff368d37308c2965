#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TransportError {
    /// The finding a framing fault of a response from `peer` makes: what the server did wrong, or
    /// why the exchange ended (its deadline, the run interrupted).
    init(_ fault: FramingFault, peer: String, deadline: ExchangeDeadline, sawNoBytes: Bool) {
        let headLimit = FramingRules.clientHeadLimit
        switch fault {
        case .timedOut: self = deadline.timedOutError
        case .cancelled, .stopped: self = .cancelled
        case .socketFailed("recv", ECONNRESET):
            self = .connectionReset("while reading the response from \(peer)")
        case .socketFailed("recv", let code):
            self = .other("reading from \(peer): \(SocketPlatform.describe(error: code))")
        case .socketFailed(let operation, let code):
            self = .other("\(operation): \(SocketPlatform.describe(error: code))")
        case .closedInHead(let received) where received == 0:
            self =
                sawNoBytes
                ? .connectionLost("the server closed the connection without answering")
                : .connectionLost("the server closed the connection before a complete response")
        case .closedInHead: self = .malformedResponse("the connection closed inside the response head")
        case .startLineTooLong, .fieldSectionTooLarge, .trailersTooLarge:
            self = .headerSectionTooLarge(limit: headLimit)
        case .bodyTooLarge(let limit): self = .bodyTooLarge(limit: limit)
        case .bodyShorterThanDeclared(let received, let declared):
            self = .bodyShorterThanDeclared(received: received, declared: declared)
        case .chunkLineTooLong(let preview):
            self = .invalidChunkSize(String(decoding: preview, as: UTF8.self) + "…")
        case .invalidChunkSize(let line, _):
            self = .invalidChunkSize(String(decoding: line.prefix(40), as: UTF8.self))
        case .chunkNotTerminated(let size):
            self = .malformedResponse("a chunk of \(size) bytes is not followed by CRLF")
        case .closedMidChunkedBody(let received): self = .connectionClosedMidBody(received: received)
        case .malformedTrailer(let line):
            self = .malformedResponse("the trailer line \(FieldLine.quoted(line)) has no name and colon")
        }
    }
}
