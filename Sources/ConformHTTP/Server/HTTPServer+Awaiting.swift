import Foundation

extension HTTPServer {
    /// Creates a stopped server whose handler awaits, such as a proxy that forwards each request
    /// it receives through ``HTTPTransport`` and answers what the upstream said.
    ///
    /// Each connection is served on a thread of its own, not on Swift's cooperative pool, so the
    /// thread waits for the handler without starving other tasks. The handler's own deadlines (the
    /// transport's timeout) bound that wait.
    ///
    /// ```swift
    /// let transport = HTTPTransport(timeout: .seconds(30))
    /// let proxy = HTTPServer(awaiting: { request in
    ///     var upstream = request
    ///     upstream.url = "http://127.0.0.1:8080" + request.target
    ///     upstream.headers["Host"] = nil
    ///     return (try? await transport.send(upstream)) ?? HTTPResponse(status: 502)
    /// })
    /// ```
    public convenience init(
        configuration: Configuration = .init(),
        logger: (@Sendable (String) -> Void)? = nil,
        awaiting handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.init(
            configuration: configuration, logger: logger,
            awaitingStreams: { incoming in
                Reply(await handler(incoming.request))
            })
    }

    /// Creates a stopped server whose awaiting handler streams bodies too large to hold: it reads
    /// the ``Incoming/rest`` of a request past ``Configuration/maxBodyBytes`` (with
    /// ``Configuration/streamsOversizedBodies``) and may answer with a ``Reply/rest``, which the
    /// connection's thread sends on as it is read. What `conform proxy` runs on.
    public convenience init(
        configuration: Configuration = .init(),
        logger: (@Sendable (String) -> Void)? = nil,
        awaitingStreams handler: @escaping @Sendable (Incoming) async -> Reply
    ) {
        self.init(
            configuration: configuration, logger: logger,
            streaming: { incoming in
                let answer = Locked<Reply?>(nil)
                let done = DispatchSemaphore(value: 0)
                Task {
                    let reply = await handler(incoming)
                    answer.withLock { $0 = reply }
                    done.signal()
                }
                done.wait()
                return answer.current
                    ?? Reply(HTTPResponse(status: 500, text: "the handler gave no answer\n"))
            })
    }
}
