import Foundation

/// The rest of a body too large to hold, read piece by piece as it arrives: what a proxy passes on
/// after the first bytes (the part a message carries) when a body exceeds its limit.
///
/// ``HTTPTransport`` in ``HTTPTransport/BodyHandling/forwarded`` mode returns one beside a response
/// whose body went past `--max-body`; the mock's server hands one to a streaming handler for a
/// request body past its limit, and takes one in a reply to send a response body on. Memory stays
/// at a piece or a small queue whatever the body's length.
///
/// One reader at a time; ``next(idleTimeout:)`` blocks the calling thread (a connection's or a
/// worker's, never the cooperative pool's), each wait bounded by the idle timeout given.
public final class BodyStream: @unchecked Sendable {
    /// Where the pieces come from: a socket read by Conform's own framing reader, or a queue that
    /// URLSession's delegate fills.
    enum Source {
        case socket(BodyPump, deadline: @Sendable (Duration) -> SocketDeadline, release: @Sendable () -> Void)
        case queue(BodyQueue)
        case generated(@Sendable () -> [UInt8]?)
    }

    /// The length of the whole body (the message's first bytes included) when the sender declared
    /// one with `Content-Length`; nil for a chunked or close-delimited body.
    public let declaredLength: Int?
    private let source: Source
    /// Whether the body has ended; held for the whole of a read, so there is one reader at a time.
    private let ended = Locked(false)
    private let peer: String

    init(source: Source, declaredLength: Int?, peer: String) {
        self.source = source
        self.declaredLength = declaredLength
        self.peer = peer
    }

    /// The next bytes of the body; nil once it has ended.
    ///
    /// - Parameter idleTimeout: How long to wait for the next bytes; a body that stalls longer
    ///   ends with `timedOut` (a long body that keeps moving is never cut).
    /// - Throws: `TransportError` when the body breaks off (reset, closed short, stalled).
    public func next(idleTimeout: Duration) throws(TransportError) -> [UInt8]? {
        try ended.withLock { (ended: inout Bool) throws(TransportError) -> [UInt8]? in
            guard !ended else { return nil }
            do throws(TransportError) {
                let piece: [UInt8]?
                switch source {
                case .socket(let pump, let deadline, _):
                    pump.reader.deadline = deadline(idleTimeout)
                    do throws(FramingFault) {
                        piece = try pump.next(maximum: MessageReader.pieceBytes)
                    } catch {
                        let waited = ExchangeDeadline(timeout: idleTimeout, start: .now - idleTimeout)
                        throw TransportError(error, peer: peer, deadline: waited, sawNoBytes: false)
                    }
                case .queue(let queue):
                    piece = try queue.pop(idleTimeout: idleTimeout)
                case .generated(let next):
                    piece = next()
                }
                if piece == nil { finish(&ended) }
                return piece
            } catch {
                finish(&ended)
                throw error
            }
        }
    }

    /// Whether the whole body has been read (or the stream was closed).
    public var isFinished: Bool { ended.current }

    /// The trailer fields of a chunked body, once it has ended.
    public var trailers: HTTPFields {
        ended.withLock { _ in
            if case .socket(let pump, _, _) = source { return pump.trailers }
            return HTTPFields()
        }
    }

    /// Stops reading: what is left is never read, and the connection behind it is closed (a
    /// server's own connection is left to the server).
    public func close() {
        ended.withLock { finish(&$0) }
    }

    /// Releases the source once; called with the lock held.
    private func finish(_ ended: inout Bool) {
        guard !ended else { return }
        ended = true
        switch source {
        case .socket(_, _, let release): release()
        case .queue(let queue): queue.cancel()
        case .generated: break
        }
    }

    /// A stream whose pieces `next` makes, until it returns nil: a handler that sends a body from
    /// a file or a generator without holding it (a server's test upstream, a large download).
    ///
    /// - Parameter declaredLength: The whole body's length, when known, so a server can send
    ///   `Content-Length` instead of chunking.
    public static func generated(declaredLength: Int? = nil, _ next: @escaping @Sendable () -> [UInt8]?)
        -> BodyStream
    {
        BodyStream(source: .generated(next), declaredLength: declaredLength, peer: "a generator")
    }

    /// A stream of the rest of a body `pump` reads on `stream`; closing it closes `stream` when
    /// `closesStream` (the client's connection to an upstream), else leaves it open (a server's).
    package static func socket(
        _ pump: BodyPump, declaredLength: Int?, closesStream: Bool, stopDescriptor: Int32? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) -> BodyStream {
        let stream = pump.reader.stream
        nonisolated(unsafe) let owned = stream
        let release: @Sendable () -> Void
        if closesStream {
            release = { owned.close() }
        } else {
            release = {}
        }
        let deadline: @Sendable (Duration) -> SocketDeadline = { wait in
            SocketDeadline(.now + wait, stopDescriptor: stopDescriptor, isCancelled: isCancelled)
        }
        return BodyStream(
            source: .socket(pump, deadline: deadline, release: release), declaredLength: declaredLength,
            peer: stream.peer)
    }
}
