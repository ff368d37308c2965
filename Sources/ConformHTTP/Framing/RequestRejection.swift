/// Why a server answered a request itself with an error status instead of calling its handler.
///
/// The message goes into the response body and the log line so the client author can see what
/// was wrong with the request.
package struct RequestRejection: Error, Equatable {
    package var status: Int
    package var message: String

    package init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    package static func badRequest(_ message: String) -> RequestRejection {
        RequestRejection(status: 400, message: message)
    }

    /// The answer to a request whose framing `fault` broke, under `rules` (the server's limits);
    /// nil when there is nobody left to answer (the client closed, the server is stopping).
    package init?(_ fault: FramingFault, rules: FramingRules) {
        switch fault {
        case .startLineTooLong(let limit):
            self.init(status: 414, message: "the request line exceeds \(limit) bytes")
        case .fieldSectionTooLarge(let limit):
            self.init(status: 431, message: "the header fields exceed \(limit) bytes")
        case .trailersTooLarge(let limit):
            self.init(status: 431, message: "the trailer section exceeds \(limit) bytes")
        case .bodyTooLarge(let limit):
            self.init(status: 413, message: "the chunked body exceeds the limit of \(limit) bytes")
        case .chunkLineTooLong:
            self = .badRequest("chunk size line longer than \(rules.maximumChunkLineBytes) bytes")
        case .invalidChunkSize(let line, .tooManyDigits):
            self = .badRequest("chunk size \(FieldLine.quoted(line)) is too large")
        case .invalidChunkSize(_, .controlInExtension):
            self = .badRequest("control character in a chunk extension")
        case .invalidChunkSize(let line, .notHex):
            self = .badRequest("invalid chunk size \(FieldLine.quoted(line))")
        case .chunkNotTerminated:
            self = .badRequest("chunk data is not followed by CRLF")
        case .malformedTrailer(let line):
            self = .badRequest("malformed trailer field \(FieldLine.quoted(line))")
        case .timedOut:
            self.init(status: 408, message: "the request body did not arrive in time")
        case .cancelled, .stopped, .socketFailed, .closedInHead, .bodyShorterThanDeclared,
            .closedMidChunkedBody:
            return nil
        }
    }
}
