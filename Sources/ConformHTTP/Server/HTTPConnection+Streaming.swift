extension HTTPConnection {
    /// Writes a reply whose body goes on past `response.body` (``HTTPServer/Reply/rest``), piece by
    /// piece as the stream yields it, so memory stays bounded however long the body. The length is
    /// kept when the stream declares it, else the body is chunked (close-delimited for HTTP/1.0).
    /// A stream that breaks off cuts the connection with a reset, so the client sees an incomplete
    /// body rather than a complete wrong one. Returns whether to keep the connection.
    func sendStreaming(
        _ reply: HTTPServer.Reply, to request: HTTPRequest, clientKeepsAlive: Bool,
        started: ContinuousClock.Instant
    ) -> Bool {
        guard let rest = reply.rest else { return false }
        defer { rest.close() }
        let response = reply.response
        guard request.method != "HEAD", response.statusAllowsBody else {
            return send(
                HTTPServer.Reply(response), to: request, clientKeepsAlive: clientKeepsAlive, started: started)
        }
        let framing: ResponseSerializer.StreamedFraming =
            if let length = rest.declaredLength { .length(length) } else if request.version == "HTTP/1.1" {
                .chunked
            } else { .untilClose }
        var keepAlive = clientKeepsAlive && !context.stop.isFired
        if case .untilClose = framing { keepAlive = false }
        let (head, _) = ResponseSerializer.head(
            for: response, keepAlive: keepAlive, requestVersion: request.version, streamed: framing)
        let isChunked = if case .chunked = framing { true } else { false }
        var sent = response.body.count
        guard stream.write(head + Self.framed(response.body, chunked: isChunked)) == .all else {
            return false
        }
        var complete = true
        while true {
            let piece: [UInt8]?
            do throws(TransportError) {
                piece = try rest.next(idleTimeout: reply.restIdleTimeout)
            } catch {
                log("the body of \(request.method) \(request.url) broke off after \(sent) bytes: \(error)")
                complete = false
                break
            }
            guard let piece else { break }
            sent += piece.count
            guard stream.write(Self.framed(piece, chunked: isChunked)) == .all else { return false }
        }
        if !complete {
            stream.armReset()
            return false
        }
        if isChunked, stream.write(ChunkedEncoding.end) != .all { return false }
        logRequest(request.method, request.url, status: response.status, bytes: sent, started: started)
        return keepAlive
    }

    /// `bytes` as a chunk of a chunked body, or as they are.
    static func framed(_ bytes: [UInt8], chunked: Bool) -> [UInt8] {
        chunked ? ChunkedEncoding.chunk(bytes) : bytes
    }
}
