/// Reads one HTTP/1.x response from a `ClientSocket`: the head (bounded), then the body framed by
/// `Content-Length`, chunked transfer coding (trailers included) or the end of the connection,
/// enforcing the body limit while bytes arrive.
struct ResponseReader {
    /// The largest status line plus header section accepted.
    static let headerSectionLimit = 64 * 1024
    private static let readSize = 64 * 1024

    let socket: ClientSocket
    let deadline: ExchangeDeadline
    let maximumBodyBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0

    init(socket: ClientSocket, deadline: ExchangeDeadline, maximumBodyBytes: Int) {
        self.socket = socket
        self.deadline = deadline
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// What was read, and whether the connection may carry another request.
    struct Received {
        var head: ResponseHead
        var body: [UInt8]
        var reusable: Bool
        /// Whether any byte of the response arrived (a silent reused connection may be retried).
        var anyBytes: Bool
    }

    /// Reads the response to a `method` request; 1xx interim responses are skipped.
    mutating func read(method: String) throws(TransportError) -> Received {
        var head: ResponseHead
        repeat {
            head = try ResponseHead.parse(try readHead())
        } while (100..<200).contains(head.status) && head.status != 101
        var reusable = head.keepsAlive
        var body: [UInt8] = []
        let noBody = method == "HEAD" || head.status == 204 || head.status == 304 || head.status == 101
        if noBody {
        } else if head.isChunked {
            try readChunked(into: &body, head: &head)
        } else if let length = try head.contentLength() {
            if length > maximumBodyBytes { throw .bodyTooLarge(limit: maximumBodyBytes) }
            try readExactly(length, into: &body)
        } else {
            reusable = false
            try readToEnd(into: &body)
        }
        if position < buffer.count { socket.pending = Array(buffer[position...]) }
        return Received(head: head, body: body, reusable: reusable, anyBytes: true)
    }

    /// Whether nothing at all arrived before the connection closed (a stale keep-alive connection).
    private(set) var sawNoBytes = true

    private mutating func fill() throws(TransportError) -> Bool {
        // Data that keeps arriving (endless 1xx heads, trailers) must not outrun the deadline.
        try deadline.check()
        if position > 0 && position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position > Self.readSize {
            buffer.removeFirst(position)
            position = 0
        }
        let count = try socket.read(into: &buffer, maximum: Self.readSize, deadline: deadline)
        if count > 0 { sawNoBytes = false }
        return count > 0
    }

    private mutating func readHead() throws(TransportError) -> [UInt8] {
        // Scanning resumes where it stopped (less two bytes, for a terminator split across reads),
        // kept relative to `position` because `fill` may compact the buffer.
        var scannedOffset = 0
        while true {
            var index = position + scannedOffset
            while index < buffer.count {
                if buffer[index] == 0x0A {
                    if index + 1 < buffer.count && buffer[index + 1] == 0x0A {
                        return take(through: index + 1)
                    }
                    if index + 2 < buffer.count && buffer[index + 1] == 0x0D && buffer[index + 2] == 0x0A {
                        return take(through: index + 2)
                    }
                }
                index += 1
            }
            scannedOffset = max(0, buffer.count - position - 2)
            if buffer.count - position > Self.headerSectionLimit {
                throw .headerSectionTooLarge(limit: Self.headerSectionLimit)
            }
            guard try fill() else {
                if buffer.count == position {
                    throw sawNoBytes
                        ? .connectionLost("the server closed the connection without answering")
                        : .connectionLost("the server closed the connection before a complete response")
                }
                throw .malformedResponse("the connection closed inside the response head")
            }
        }
    }

    private mutating func take(through end: Int) -> [UInt8] {
        let bytes = Array(buffer[position...end])
        position = end + 1
        return bytes
    }

    private mutating func readExactly(_ length: Int, into body: inout [UInt8]) throws(TransportError) {
        body.reserveCapacity(min(length, 1 << 20))
        while body.count < length {
            if position == buffer.count {
                guard try fill() else {
                    throw .bodyShorterThanDeclared(received: body.count, declared: length)
                }
            }
            let count = min(length - body.count, buffer.count - position)
            body.append(contentsOf: buffer[position..<position + count])
            position += count
        }
    }

    private mutating func readToEnd(into body: inout [UInt8]) throws(TransportError) {
        while true {
            body.append(contentsOf: buffer[position...])
            position = buffer.count
            if body.count > maximumBodyBytes { throw .bodyTooLarge(limit: maximumBodyBytes) }
            guard try fill() else { return }
        }
    }

    private mutating func readLine(limit: Int) throws(TransportError) -> [UInt8]? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                var line = Array(buffer[position..<newline])
                position = newline + 1
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            if buffer.count - position > limit { return nil }
            guard try fill() else { throw .connectionClosedMidBody(received: -1) }
        }
    }

    private mutating func readChunked(into body: inout [UInt8], head: inout ResponseHead)
        throws(TransportError)
    {
        while true {
            let line: [UInt8]?
            do {
                line = try readLine(limit: 1024)
            } catch .connectionClosedMidBody {
                throw .connectionClosedMidBody(received: body.count)
            }
            guard let line else {
                throw .invalidChunkSize(String(decoding: buffer[position...].prefix(40), as: UTF8.self) + "…")
            }
            let sizeText = line.prefix { $0 != 0x3B }.filter { $0 != 0x20 && $0 != 0x09 }
            let text = String(decoding: sizeText, as: UTF8.self)
            guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16), size >= 0 else {
                throw .invalidChunkSize(String(decoding: line.prefix(40), as: UTF8.self))
            }
            if size == 0 { break }
            if size > maximumBodyBytes - body.count { throw .bodyTooLarge(limit: maximumBodyBytes) }
            do {
                try readExactly(body.count + size, into: &body)
            } catch .bodyShorterThanDeclared {
                throw .connectionClosedMidBody(received: body.count)
            }
            let end: [UInt8]?
            do {
                end = try readLine(limit: 2)
            } catch .connectionClosedMidBody {
                throw .connectionClosedMidBody(received: body.count)
            }
            guard let end, end.isEmpty else {
                throw .malformedResponse("a chunk of \(size) bytes is not followed by CRLF")
            }
        }
        var trailerBytes = 0
        while true {
            let line: [UInt8]?
            do {
                line = try readLine(limit: Self.headerSectionLimit)
            } catch .connectionClosedMidBody {
                return
            }
            guard let line else { throw .headerSectionTooLarge(limit: Self.headerSectionLimit) }
            if line.isEmpty { return }
            trailerBytes += line.count
            if trailerBytes > Self.headerSectionLimit {
                throw .headerSectionTooLarge(limit: Self.headerSectionLimit)
            }
            if let field = ResponseHead.field(line) { head.headers.add(field.name, field.value) }
        }
    }
}
