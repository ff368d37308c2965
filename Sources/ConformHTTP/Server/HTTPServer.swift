import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server that tests start and stop in process and that `conform mock` serves
/// contracts with.
///
/// It uses blocking BSD sockets: one thread accepts connections and each connection is served
/// on its own thread, calling the synchronous `handler` there. That keeps the code simple and
/// the behaviour predictable, which matters more for a mock than raw throughput.
/// Limits and timeouts from ``Configuration`` protect it from clients that send too much or
/// too slowly; protocol errors are answered with the proper 4xx/5xx status.
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration
    private let logger: (@Sendable (String) -> Void)?
    private let handler: @Sendable (Incoming) -> Reply
    private let registry = ConnectionRegistry()
    private let state = Locked<ServerRun?>(nil)

    /// Creates a stopped server; nothing is bound until `start()`.
    ///
    /// - Parameters:
    ///   - logger: Receives one line per request (`GET /menu -> 200 (1234 bytes, 0.4 ms)`) and
    ///     notes about misbehaving clients or handlers. Called from connection threads.
    ///   - handler: Answers each request; called on the connection's thread, possibly on many
    ///     threads at once. It may block (a proxy forwarding the request upstream): each connection
    ///     has a thread of its own.
    public convenience init(
        configuration: Configuration = .init(),
        logger: (@Sendable (String) -> Void)? = nil,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.init(configuration: configuration, logger: logger, replying: { Reply(handler($0)) })
    }

    /// Creates a stopped server whose handler may also misbehave on the wire (``DeliveryFaults``).
    ///
    /// - Parameters:
    ///   - logger: As for ``init(configuration:logger:handler:)``.
    ///   - replying: Answers each request with a response and how to deliver it.
    public convenience init(
        configuration: Configuration = .init(),
        logger: (@Sendable (String) -> Void)? = nil,
        replying: @escaping @Sendable (HTTPRequest) -> Reply
    ) {
        self.init(configuration: configuration, logger: logger, streaming: { replying($0.request) })
    }

    /// Creates a stopped server whose handler also receives the rest of a request body too large
    /// to hold (with ``Configuration/streamsOversizedBodies``) and may answer with a body streamed
    /// from elsewhere (``Reply/rest``): what a proxy needs to pass any body on in bounded memory.
    ///
    /// - Parameters:
    ///   - logger: As for ``init(configuration:logger:handler:)``.
    ///   - streaming: Answers each request; called on the connection's thread.
    public init(
        configuration: Configuration = .init(),
        logger: (@Sendable (String) -> Void)? = nil,
        streaming: @escaping @Sendable (Incoming) -> Reply
    ) {
        self.configuration = configuration
        self.logger = logger
        self.handler = streaming
    }

    /// Binds and listens, then accepts connections in the background.
    ///
    /// - Returns: The port actually bound, which differs from the configured one when that is 0.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        try state.withLock { (run: inout ServerRun?) throws(HTTPServerError) -> Int in
            if let run { throw .alreadyRunning(port: run.port) }
            SocketPlatform.ignoreBrokenPipeSignals()
            let listener = try ListeningSocket(host: configuration.host, port: configuration.port)
            let stop: StopSignal
            do throws(HTTPServerError) {
                stop = try StopSignal()
            } catch {
                SocketPlatform.closeDescriptor(listener.descriptor)
                throw error
            }
            let context = ConnectionContext(
                configuration: configuration, handler: handler, logger: logger, stop: stop, registry: registry
            )
            let started = ServerRun(port: listener.port, stop: stop)
            let acceptLoop = AcceptLoop(
                listener: listener, context: context, finished: started.acceptLoopFinished)
            let thread = Thread { acceptLoop.run() }
            thread.name = "HTTPServer accept :\(listener.port)"
            thread.start()
            run = started
            return listener.port
        }
    }

    /// The bound port while the server is running, otherwise `nil`.
    public var port: Int? {
        state.withLock { $0?.port }
    }

    /// The number of client connections currently open; 0 after `shutdown()` returns.
    public var openConnectionCount: Int {
        registry.count
    }

    /// Stops the server gracefully and returns when its sockets are closed.
    ///
    /// New connections are refused at once and idle kept-alive connections are closed. Requests
    /// already being served may finish for up to `shutdownGracePeriod`; connections still open
    /// after that are cut. Calling it again, or on a stopped server, does nothing.
    ///
    /// Do not call it from a handler: it would wait the whole grace period for that very
    /// request to finish.
    public func shutdown() {
        let stopping = state.withLock { (run: inout ServerRun?) -> ServerRun? in
            defer { run = nil }
            return run
        }
        guard let stopping else { return }
        stopping.stop.fire()
        _ = stopping.acceptLoopFinished.wait(timeout: .now() + 5)
        let graceDeadline = ContinuousClock.now + configuration.shutdownGracePeriod
        var allClosed = registry.waitUntilEmpty(before: graceDeadline)
        if !allClosed {
            logger?("shutdown: cutting \(registry.count) connection(s) still open after the grace period")
            registry.interruptAll()
            allClosed = registry.waitUntilEmpty(before: .now + .seconds(2))
        }
        if allClosed {
            stopping.stop.close()
        } else {
            logger?("shutdown: \(registry.count) handler(s) did not return; their threads keep running")
        }
    }

    deinit {
        shutdown()
    }
}
