/// Reads a request body from a connection according to its framing, within a deadline.
struct RequestBodyReader {
    /// Why no body could be read.
    enum Failure: Error {
        /// The request is unacceptable; answer with this status and close.
        case rejected(RequestRejection)
        /// The client went away; there is nobody to answer.
        case peerClosed
    }

    let stream: ConnectionStream
    let deadline: ContinuousClock.Instant
    let maxBodyBytes: Int
    let maxTrailerBytes: Int

    /// The longest chunk-size line accepted (size plus extensions).
    private let maxChunkLineBytes = 4096

    func read(_ framing: BodyFraming) throws(Failure) -> [UInt8] {
        switch framing {
        case .empty:
            return []
        case .length(let length):
            try waitFor(length)
            let body = Array(stream.unread.prefix(length))
            stream.consume(length)
            return body
        case .chunked:
            return try readChunked()
        }
    }

    /// Waits until at least `count` unread bytes are buffered.
    private func waitFor(_ count: Int) throws(Failure) {
        while stream.available < count {
            switch stream.receive(before: deadline, stop: nil) {
            case .received: continue
            case .closedByPeer, .stopped: throw .peerClosed
            case .timedOut:
                throw .rejected(
                    RequestRejection(status: 408, message: "the request body did not arrive in time"))
            }
        }
    }

    /// Reads one CRLF-terminated line of at most `limit` bytes and consumes it.
    private func readLine(limit: Int, tooLong: RequestRejection) throws(Failure) -> ArraySlice<UInt8> {
        var searched = 0
        while true {
            let unread = stream.unread
            var index = unread.startIndex + max(0, searched - 1)
            while index + 1 < unread.endIndex {
                if unread[index] == 0x0D && unread[index + 1] == 0x0A {
                    let line = unread[unread.startIndex..<index]
                    stream.consume(line.count + 2)
                    return line
                }
                index += 1
            }
            searched = unread.count
            guard searched <= limit + 2 else { throw .rejected(tooLong) }
            try waitFor(searched + 1)
        }
    }

    private func readChunked() throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        let lineTooLong = RequestRejection.badRequest(
            "chunk size line longer than \(maxChunkLineBytes) bytes")
        while true {
            let line = try readLine(limit: maxChunkLineBytes, tooLong: lineTooLong)
            let size = try Self.parseChunkSize(line)
            if size == 0 { break }
            guard size <= maxBodyBytes - body.count else {
                throw .rejected(
                    RequestRejection(
                        status: 413, message: "the chunked body exceeds the limit of \(maxBodyBytes) bytes"))
            }
            try waitFor(size + 2)
            let unread = stream.unread
            let dataEnd = unread.startIndex + size
            guard unread[dataEnd] == 0x0D, unread[dataEnd + 1] == 0x0A else {
                throw .rejected(.badRequest("chunk data is not followed by CRLF"))
            }
            body.append(contentsOf: unread[unread.startIndex..<dataEnd])
            stream.consume(size + 2)
        }
        try skipTrailers()
        return body
    }

    /// Reads and discards the trailer section; it must be well-formed and within the limit.
    private func skipTrailers() throws(Failure) {
        var total = 0
        let tooLarge = RequestRejection(
            status: 431, message: "the trailer section exceeds \(maxTrailerBytes) bytes")
        while true {
            let line = try readLine(limit: maxTrailerBytes - total, tooLong: tooLarge)
            if line.isEmpty { return }
            total += line.count + 2
            guard total <= maxTrailerBytes else { throw .rejected(tooLarge) }
            guard let first = line.first, first != 0x20, first != 0x09, let colon = line.firstIndex(of: 0x3A),
                colon > line.startIndex, line[..<colon].allSatisfy(RequestHead.isTokenByte)
            else {
                throw .rejected(.badRequest("malformed trailer field \(RequestHead.quoted(line))"))
            }
        }
    }

    /// Parses `hex-size [; extensions]`; extensions are ignored as RFC 9112 allows.
    static func parseChunkSize(_ line: ArraySlice<UInt8>) throws(Failure) -> Int {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let value = hexDigit(line[index]) {
            guard digits < 15 else {
                throw .rejected(.badRequest("chunk size \(RequestHead.quoted(line)) is too large"))
            }
            size = size << 4 | value
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            throw .rejected(.badRequest("invalid chunk size \(RequestHead.quoted(line))"))
        }
        let rest = line[index...].drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.isEmpty || rest.first == UInt8(ascii: ";") else {
            throw .rejected(.badRequest("invalid chunk size \(RequestHead.quoted(line))"))
        }
        guard rest.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .rejected(.badRequest("control character in a chunk extension"))
        }
        return size
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
