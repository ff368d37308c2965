/// Reads one HTTP/1.x response for the client: heads (1xx interim ones skipped) and the body through
/// the shared ``MessageReader`` under the client's lenient ``FramingRules``, every framing fault
/// named as a ``TransportError``.
struct ResponseReader {
    let stream: SocketStream
    let deadline: ExchangeDeadline
    let maximumBodyBytes: Int
    /// What the connection had received before this response, to tell "nothing arrived" apart.
    private let receivedBefore: Int

    init(stream: SocketStream, deadline: ExchangeDeadline, maximumBodyBytes: Int) {
        self.stream = stream
        self.deadline = deadline
        self.maximumBodyBytes = maximumBodyBytes
        receivedBefore = stream.receivedByteCount
    }

    /// What was read, and whether the connection may carry another request.
    struct Received {
        var head: ResponseHead
        var body: [UInt8]
        var reusable: Bool
        /// The rest of a body past the limit, when the caller asked to stream it (``body`` then
        /// holds its first bytes, and the connection belongs to the pump).
        var rest: BodyPump? = nil
    }

    /// Whether nothing at all arrived for this response (a stale keep-alive connection, or a server
    /// that closed while the request was still being sent).
    var sawNoBytes: Bool { stream.receivedByteCount == receivedBefore }

    /// Reads the response to a `method` request; 1xx interim responses are skipped.
    ///
    /// - Parameter streamsOverflow: Return a body past the limit as its first bytes and a pump for
    ///   the rest (a proxy passing it on), instead of failing with `bodyTooLarge`.
    func read(method: String, streamsOverflow: Bool = false) throws(TransportError) -> Received {
        var reader = MessageReader(
            stream: stream, rules: .client(maximumBodyBytes: maximumBodyBytes),
            deadline: deadline.socketDeadline)
        var head: ResponseHead
        repeat {
            head = try ResponseHead.parse(try framed { () throws(FramingFault) in try reader.readHead() })
        } while (100..<200).contains(head.status) && head.status != 101
        let framing = try head.bodyFraming(method: method)
        if streamsOverflow {
            let bounded = try framed { () throws(FramingFault) in
                try reader.readBody(framing, overflowingAt: maximumBodyBytes)
            }
            switch bounded {
            case .overflow(let first, let rest):
                return Received(head: head, body: first, reusable: false, rest: rest)
            case .whole(let body):
                head.headers.append(contentsOf: body.trailers)
                return Received(
                    head: head, body: body.bytes, reusable: head.keepsAlive && framing != .untilClose)
            }
        }
        let body = try framed { () throws(FramingFault) in try reader.readBody(framing) }
        head.headers.append(contentsOf: body.trailers)
        return Received(head: head, body: body.bytes, reusable: head.keepsAlive && framing != .untilClose)
    }

    /// Runs one read of the shared reader, naming its fault as the client does.
    private func framed<Value>(_ read: () throws(FramingFault) -> Value) throws(TransportError) -> Value {
        do {
            return try read()
        } catch {
            throw TransportError(error, peer: stream.peer, deadline: deadline, sawNoBytes: sawNoBytes)
        }
    }
}
