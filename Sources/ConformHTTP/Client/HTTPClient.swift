import Foundation

/// Conform's own HTTP/1.1 client for `http://` URLs: one deadline for the whole exchange, the body
/// limit enforced while bytes arrive, and every framing fault named (see `TransportError`).
///
/// URLSession on Linux cannot give those guarantees (its timeout is an idle timeout, it buffers
/// whole bodies and waits on auth challenges), so plain HTTP, the common case of a CI gate against
/// a local or in-cluster server, goes through this client. Idle connections are kept per origin
/// and reused; a reused connection that turns out to be closed is replaced once, transparently.
final class HTTPClient: Sendable {
    private let idle = Locked<[String: [SocketStream]]>([:])
    private static let idlePerOrigin = 16

    /// Runs `work` on a worker thread and returns its result; cancelling the task ends the
    /// exchange's waits through `deadline`.
    func onWorker<Value: Sendable>(deadline: ExchangeDeadline, _ work: @escaping @Sendable () -> Value) async
        -> Value
    {
        await withTaskCancellationHandler {
            // A worker thread: the exchange blocks in poll(2), which must not hold one of the few
            // threads of Swift's cooperative pool (see `BlockingWorkers`).
            await withCheckedContinuation { continuation in
                BlockingWorkers.shared.run { continuation.resume(returning: work()) }
            }
        } onCancel: {
            deadline.cancel()
        }
    }

    /// Sends one request and reads the whole response, blocking the calling thread until the deadline.
    ///
    /// With ``HTTPTransport/BodyHandling/forwarded`` the body stays as the server coded it, and a
    /// body past the limit comes back as its first bytes with a ``BodyStream`` for the rest.
    func blockingExchange(
        _ request: HTTPRequest, url: URLComponents, deadline: ExchangeDeadline, maximumBodyBytes: Int,
        handling: HTTPTransport.BodyHandling = .decoded
    ) throws(TransportError) -> (HTTPResponse, BodyStream?) {
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(request.url) }
        let port = url.port ?? 80
        let origin = "\(host.lowercased()):\(port)"
        let bytes = Self.serialize(request, url: url, host: host)
        while true {
            try deadline.check()
            let pooled = takeIdle(origin)
            let stream: SocketStream
            if let pooled {
                stream = pooled
            } else {
                stream = try SocketStream.connect(host: host, port: port, deadline: deadline)
            }
            let reader = ResponseReader(
                stream: stream, deadline: deadline, maximumBodyBytes: maximumBodyBytes)
            do throws(TransportError) {
                let sentWhole = try Self.send(bytes, on: stream, deadline: deadline)
                let received: ResponseReader.Received
                do throws(TransportError) {
                    received = try reader.read(
                        method: request.method, streamsOverflow: handling.streamsOverflow)
                } catch {
                    guard !sentWhole && reader.sawNoBytes else { throw error }
                    throw .connectionReset("while sending the request to \(stream.peer)")
                }
                let headers = received.head.headers
                var rest: BodyStream?
                if let pump = received.rest {
                    rest = BodyStream.socket(
                        pump, declaredLength: try? received.head.contentLength(), closesStream: true,
                        isCancelled: { deadline.isCancelled })
                } else if sentWhole && received.reusable && stream.available == 0 {
                    putIdle(stream, origin: origin)
                } else {
                    stream.close()
                }
                let body =
                    handling.decodesContent
                    ? try Self.decoded(received.body, headers: headers, limit: maximumBodyBytes)
                    : received.body
                let response = HTTPResponse(
                    status: received.head.status, reason: received.head.reason, headers: headers, body: body,
                    duration: deadline.elapsed)
                return (response, rest)
            } catch {
                stream.close()
                // A kept-alive connection the server closed meanwhile: nothing was answered, so the
                // request is sent again once on a fresh connection.
                if pooled != nil && reader.sawNoBytes, case .connectionLost = error { continue }
                if pooled != nil && reader.sawNoBytes, case .connectionReset = error { continue }
                throw error
            }
        }
    }

    /// Writes the request; false when the server stopped reading first (it answered early, or
    /// closed), in which case the caller reads what it said.
    static func send(_ bytes: [UInt8], on stream: SocketStream, deadline: ExchangeDeadline)
        throws(TransportError) -> Bool
    {
        switch stream.write(bytes, deadline: deadline.socketDeadline, yieldingToAnswer: true) {
        case .all: return true
        case .peerStoppedReading: return false
        case .timedOut: throw deadline.timedOutError
        case .cancelled: throw .cancelled
        case .failed(let code):
            throw .other("sending to \(stream.peer): \(SocketPlatform.describe(error: code))")
        }
    }

    /// The body with its content coding undone (RFC 9110 lets a server gzip when the request names
    /// no `Accept-Encoding`), bounded by the body limit so a compressed bomb is a `response_size`
    /// finding. Codings Conform does not know (br, zstd) leave the bytes as received.
    static func decoded(_ body: [UInt8], headers: HTTPFields, limit: Int) throws(TransportError) -> [UInt8] {
        guard !body.isEmpty,
            let coding = headers.last(where: { $0.name.lowercased() == "content-encoding" })?.value,
            let result = Inflater.decode(body, coding: coding, limit: limit)
        else { return body }
        switch result {
        case .success(let decoded): return decoded
        case .failure(.tooLarge): throw .bodyTooLarge(limit: limit)
        case .failure(.corrupt(let reason)): throw .undecodableBody(coding: coding, reason: reason)
        }
    }

    /// The request line, headers and body, in one buffer so they leave in as few packets as possible.
    ///
    /// - Parameter framingLine: The header line that frames a body sent after this buffer
    ///   (`Content-Length: …` or `Transfer-Encoding: chunked`), in place of the body's own length.
    static func serialize(
        _ request: HTTPRequest, url: URLComponents, host: String, framingLine: String? = nil
    )
        -> [UInt8]
    {
        var target = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        if let query = url.percentEncodedQuery { target += "?" + query }
        var head = "\(request.method) \(target) HTTP/1.1\r\n"
        let names = Set(request.headers.map { $0.name.lowercased() })
        if !names.contains("host") {
            let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            head += "Host: \(hostText)\(url.port.map { ":\($0)" } ?? "")\r\n"
        }
        if !names.contains("user-agent") { head += "User-Agent: conform/\(ConformVersion.current)\r\n" }
        for header in request.headers {
            let lower = header.name.lowercased()
            if lower == "content-length" || lower == "transfer-encoding" || lower == "connection" { continue }
            // Line breaks in a value would smuggle a header; they are folded into spaces.
            let value = header.value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(
                of: "\n", with: " ")
            head += "\(header.name): \(value)\r\n"
        }
        if let framingLine {
            head += framingLine + "\r\n\r\n"
            return Array(head.utf8)
        }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + request.body
    }

    /// A pooled connection to `origin` that is still usable: nothing to read on it (no close, no
    /// stray bytes).
    private func takeIdle(_ origin: String) -> SocketStream? {
        while let stream = idle.withLock({ $0[origin]?.popLast() }) {
            if !stream.hasBytesToRead { return stream }
            stream.close()
        }
        return nil
    }

    private func putIdle(_ stream: SocketStream, origin: String) {
        let extra: SocketStream? = idle.withLock { pool in
            var list = pool[origin, default: []]
            list.append(stream)
            let dropped = list.count > Self.idlePerOrigin ? list.removeFirst() : nil
            pool[origin] = list
            return dropped
        }
        extra?.close()
    }
}
