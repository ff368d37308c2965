import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves the requests of one client connection, in order, on the calling thread.
///
/// The loop reads a request head, its body, calls the handler, writes the response, and
/// repeats while the connection is kept alive. Any protocol error is answered with its status
/// and `Connection: close`, then the connection ends; nothing here can fail the server.
final class HTTPConnection {
    let stream: SocketStream
    private let remoteAddress: String
    let context: ConnectionContext
    private let connectedAt = ContinuousClock.now

    var configuration: HTTPServer.Configuration { context.configuration }

    init(descriptor: Int32, remoteAddress: String, context: ConnectionContext) {
        stream = SocketStream(descriptor: descriptor, peer: remoteAddress)
        self.remoteAddress = remoteAddress
        self.context = context
        SocketPlatform.setSendTimeout(descriptor, context.configuration.writeTimeout)
    }

    /// Serves requests until the connection ends, then closes the socket.
    func run() {
        var isFirst = true
        while serveRequest(isFirst: isFirst) {
            isFirst = false
            stream.compact()
        }
        context.registry.close(stream)
    }

    /// Serves one request; returns whether the connection stays open for another.
    private func serveRequest(isFirst: Bool) -> Bool {
        let head: RequestHead
        switch HeadReader(stream: stream, configuration: configuration, stop: context.stop)
            .read(deadlineForFirstByte: isFirst ? connectedAt + configuration.headerReadTimeout : nil)
        {
        case .closed:
            return false
        case .rejected(let rejection):
            reject(rejection, method: "-", target: "-", started: .now)
            return false
        case .head(let parsed):
            head = parsed
        }
        let started = ContinuousClock.now
        let incoming: HTTPServer.Incoming
        do throws(RequestRejection) {
            guard let parsed = try readRequest(head) else { return false }
            incoming = parsed
        } catch {
            reject(error, method: head.method, target: head.target, started: started)
            return false
        }
        let connectionTokens = head.headers.tokens(for: "Connection")
        let clientKeepsAlive =
            head.version == "HTTP/1.1"
            ? !connectionTokens.contains("close") : connectionTokens.contains("keep-alive")
        let request = incoming.request
        var reply = context.handler(incoming)
        if !(200...599).contains(reply.response.status) {
            log("handler returned the invalid final status \(reply.response.status); answering 500 instead")
            reply.rest?.close()
            reply = HTTPServer.Reply(
                HTTPResponse(status: 500, text: "the handler returned an invalid status code\n"))
        }
        // A request body the handler left unread cannot be skipped to reach the next request.
        let bodyRead = incoming.rest?.isFinished ?? true
        if reply.rest != nil {
            return sendStreaming(
                reply, to: request, clientKeepsAlive: clientKeepsAlive && bodyRead, started: started)
        }
        return send(reply, to: request, clientKeepsAlive: clientKeepsAlive && bodyRead, started: started)
    }

    /// Checks the target, `Host` and framing, answers `Expect`, and reads the body (its first bytes
    /// and the rest to stream, for a body past the limit when the server streams such bodies).
    /// Returns `nil` when the client disappeared while sending.
    private func readRequest(_ head: RequestHead) throws(RequestRejection) -> HTTPServer.Incoming? {
        let target = try RequestTarget(parsing: head.target, method: head.method)
        let hosts = head.headers.values(for: "Host")
        if hosts.count > 1 || (head.version == "HTTP/1.1" && hosts.isEmpty) {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host header, got \(hosts.count)")
        }
        let streams = configuration.streamsOversizedBodies
        let framing = try BodyFraming(
            requestHeaders: head.headers, maximumBodyBytes: streams ? Int.max : configuration.maxBodyBytes)
        if let expectation = head.headers["Expect"] {
            guard expectation.lowercased() == "100-continue" else {
                throw RequestRejection(status: 417, message: "unsupported expectation \"\(expectation)\"")
            }
            if head.version == "HTTP/1.1", framing != .empty, stream.available == 0 {
                guard stream.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) == .all else { return nil }
            }
        }
        let reader = MessageReader(
            stream: stream, rules: configuration.framingRules,
            deadline: SocketDeadline(.now + configuration.bodyReadTimeout))
        var body: [UInt8]
        var rest: BodyStream?
        do throws(FramingFault) {
            if streams {
                (body, rest) = try readStreamable(framing, with: reader)
            } else {
                body = try reader.readBody(framing).bytes
            }
        } catch {
            guard let rejection = RequestRejection(error, rules: configuration.framingRules) else {
                return nil
            }
            throw rejection
        }
        let request = HTTPRequest(
            received: (head.method, head.target, head.version), parts: target, headers: head.headers,
            body: body, remoteAddress: remoteAddress)
        return HTTPServer.Incoming(request: request, rest: rest)
    }

    /// A body within the limit whole; past it, its first bytes and the rest as a stream on this
    /// connection (left open when the stream ends, since the reply goes out on it).
    private func readStreamable(_ framing: BodyFraming, with reader: MessageReader) throws(FramingFault)
        -> ([UInt8], BodyStream?)
    {
        switch try reader.readBody(framing, overflowingAt: configuration.maxBodyBytes) {
        case .whole(let body):
            return (body.bytes, nil)
        case .overflow(let first, let pump):
            var declared: Int?
            if case .length(let length) = framing { declared = length }
            let rest = BodyStream.socket(
                pump, declaredLength: declared, closesStream: false,
                stopDescriptor: context.stop.readDescriptor)
            return (first, rest)
        }
    }

    /// Writes a handler's response, applying its faults; returns whether to keep the connection.
    func send(
        _ reply: HTTPServer.Reply, to request: HTTPRequest, clientKeepsAlive: Bool,
        started: ContinuousClock.Instant
    ) -> Bool {
        let (response, faults) = (reply.response, reply.faults)
        if let delay = faults.delay, delay > .zero {
            let (seconds, attoseconds) = delay.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        }
        let keepAlive =
            clientKeepsAlive && !faults.breaksFraming && !context.stop.isFired
            && !response.headers.tokens(for: "Connection").contains("close")
        let (head, dropped) = ResponseSerializer.head(
            for: response, keepAlive: keepAlive, requestVersion: request.version,
            omitsContentLength: faults.omitsContentLength)
        if !dropped.isEmpty {
            log("dropped invalid response header fields \(dropped) for \(request.method) \(request.url)")
        }
        var body = request.method == "HEAD" || !response.statusAllowsBody ? [] : response.body[...]
        if let limit = faults.resetAfterBodyBytes {
            body = body.prefix(max(0, limit))
        } else if let limit = faults.truncateBodyAfter {
            body = body.prefix(max(0, limit))
        }
        let written = stream.write(head + body) == .all
        if faults.resetAfterBodyBytes != nil {
            stream.armReset()
        }
        logRequest(
            request.method, request.url, status: response.status, bytes: body.count, started: started)
        return written && keepAlive
    }

    /// Answers a request the server refuses itself, then drains what the client still sends so
    /// that closing does not reset the connection before the client has read the answer.
    private func reject(
        _ rejection: RequestRejection, method: String, target: String, started: ContinuousClock.Instant
    ) {
        let response = ResponseSerializer.errorResponse(rejection)
        let (head, _) = ResponseSerializer.head(for: response, keepAlive: false, requestVersion: "HTTP/1.1")
        let written = stream.write(head + response.body) == .all
        logRequest(
            method, target, status: rejection.status, bytes: response.body.count, started: started,
            note: rejection.message)
        guard written else { return }
        stream.shutdownWriting()
        let drainDeadline = SocketDeadline(
            .now + .milliseconds(250), stopDescriptor: context.stop.readDescriptor)
        var drained = 0
        while drained < 1 << 20, stream.receive(before: drainDeadline) == .bytes {
            drained += stream.available
            stream.consume(stream.available)
        }
    }

    func logRequest(
        _ method: String, _ target: String, status: Int, bytes: Int, started: ContinuousClock.Instant,
        note: String? = nil
    ) {
        guard context.logger != nil else { return }
        let elapsed = ContinuousClock.now - started
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let shownTarget = target.count > 200 ? String(target.prefix(200)) + "…" : target
        var line =
            "\(method) \(shownTarget) -> \(status) (\(bytes) bytes, \(String(format: "%.1f", milliseconds)) ms)"
        if let note { line += ": \(note)" }
        log(line)
    }

    func log(_ message: String) {
        context.logger?(message)
    }
}
