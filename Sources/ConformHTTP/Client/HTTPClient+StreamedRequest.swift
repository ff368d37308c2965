import Foundation

extension HTTPClient {
    /// Sends a request whose body goes on past its first bytes (`rest`, a proxy passing on an
    /// upload too large to hold) and reads the response, on a fresh connection (a request that was
    /// partly streamed cannot be sent again on a stale one).
    ///
    /// The body keeps its declared length, else goes chunked. Every wait is bounded by `timeout`
    /// from its start (an idle timeout: a long upload that keeps moving is never cut), and the
    /// response then has `timeout` to arrive. A server that answers before the upload ends gets no
    /// more of it.
    func streamingExchange(
        _ request: HTTPRequest, rest: BodyStream, url: URLComponents, timeout: Duration,
        maximumBodyBytes: Int,
        handling: HTTPTransport.BodyHandling, cancelled: ExchangeDeadline
    ) throws(TransportError) -> (HTTPResponse, BodyStream?) {
        defer { rest.close() }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(request.url) }
        let stream = try SocketStream.connect(
            host: host, port: url.port ?? 80, deadline: ExchangeDeadline(timeout: timeout))
        do throws(TransportError) {
            let chunked = rest.declaredLength == nil
            let framingLine =
                rest.declaredLength.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked"
            let head = Self.serialize(request, url: url, host: host, framingLine: framingLine)
            var pending = head + (chunked ? ChunkedEncoding.chunk(request.body) : request.body)
            while try write(pending, on: stream, timeout: timeout, cancelled: cancelled) {
                guard let piece = try rest.next(idleTimeout: timeout) else {
                    if chunked {
                        _ = try write(ChunkedEncoding.end, on: stream, timeout: timeout, cancelled: cancelled)
                    }
                    break
                }
                pending = chunked ? ChunkedEncoding.chunk(piece) : piece
            }
            let deadline = ExchangeDeadline(timeout: timeout)
            let received = try ResponseReader(
                stream: stream, deadline: deadline, maximumBodyBytes: maximumBodyBytes
            )
            .read(method: request.method, streamsOverflow: handling.streamsOverflow)
            var responseRest: BodyStream?
            if let pump = received.rest {
                responseRest = BodyStream.socket(
                    pump, declaredLength: try? received.head.contentLength(), closesStream: true)
            } else {
                stream.close()
            }
            let headers = received.head.headers
            let body =
                handling.decodesContent
                ? try Self.decoded(received.body, headers: headers, limit: maximumBodyBytes) : received.body
            let response = HTTPResponse(
                status: received.head.status, reason: received.head.reason, headers: headers, body: body,
                duration: deadline.elapsed)
            return (response, responseRest)
        } catch {
            stream.close()
            throw error
        }
    }

    /// Writes `bytes`; returns false when the server stopped reading (it answered early).
    private func write(
        _ bytes: [UInt8], on stream: SocketStream, timeout: Duration, cancelled: ExchangeDeadline
    )
        throws(TransportError) -> Bool
    {
        let deadline = SocketDeadline(.now + timeout) { cancelled.isCancelled }
        switch stream.write(bytes, deadline: deadline, yieldingToAnswer: true) {
        case .all: return true
        case .peerStoppedReading: return false
        case .timedOut: throw .timedOut(seconds: timeout.seconds, elapsed: timeout)
        case .cancelled: throw .cancelled
        case .failed(let code):
            throw .other("sending to \(stream.peer): \(SocketPlatform.describe(error: code))")
        }
    }
}
