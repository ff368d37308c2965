import ConformHTTP
public import ContractKit
public import Foundation

/// A checking proxy (`conform proxy`): an app or simulator pointed at it talks to the upstream
/// through it, every exchange is passed on unchanged, and both directions are checked against the
/// contract: the request by the mock's rules (the client's side), the response by every check of
/// `conform run` (the server's side).
///
/// Bodies up to the limit are checked; larger ones stream through unchecked in bounded memory. The
/// upstream's deadline bounds each exchange, so a slow or silent upstream ends in a 504 (a finding)
/// instead of a hung app. With ``Configuration/answersViolations`` a violating exchange gets a
/// problem response instead of the upstream's answer.
///
/// ```swift
/// let proxy = try ContractProxy(contract: contract, configuration: .init(upstream: "https://api.example.com"))
/// let url = try proxy.start { result in print(result.outcome, result.id) }
/// // … point the app at `url` …
/// let run = proxy.stop()   // the session's results, for the reports
/// ```
public final class ContractProxy: Sendable {
    public let contract: Contract
    public let configuration: Configuration
    let route: UpstreamRoute
    /// The session's exchanges, judged and kept.
    let run: TrafficRun
    let transport: HTTPTransport
    let har: Locked<HARWriter?> = Locked(nil)
    let progress: Locked<(@Sendable (CaseResult) -> Void)?> = Locked(nil)
    private let server: Locked<HTTPServer?> = Locked(nil)
    private let startedAt = Locked(Date())

    /// - Throws: ``ProxyError/invalidUpstream(_:)`` when the upstream is not an http(s) URL.
    public init(contract: Contract, configuration: Configuration) throws(ProxyError) {
        guard let route = UpstreamRoute(configuration.upstream) else {
            throw .invalidUpstream(configuration.upstream)
        }
        self.contract = contract
        self.configuration = configuration
        self.route = route
        run = TrafficRun(
            contract: contract, baseURL: configuration.upstream,
            maximumBodyBytes: configuration.maximumBodyBytes,
            redaction: configuration.redaction, retention: .lean)
        transport = HTTPTransport(
            timeout: configuration.timeout, maximumBodyBytes: configuration.maximumBodyBytes,
            bodyHandling: .forwarded)
    }

    /// Starts listening and returns the proxy's URL (`http://127.0.0.1:8090`).
    ///
    /// - Parameter progress: Called with each exchange's verdict, already redacted, from any thread.
    /// - Throws: ``ProxyError`` when the HAR file cannot be created or the address cannot be bound.
    @discardableResult
    public func start(progress: (@Sendable (CaseResult) -> Void)? = nil) throws(ProxyError) -> String {
        self.progress.withLock { $0 = progress }
        if let file = configuration.harFile {
            do {
                let writer = try HARWriter(path: file)
                har.withLock { $0 = writer }
            } catch {
                throw .cannotWriteHAR(file, reason: error.localizedDescription)
            }
        }
        var serverConfiguration = HTTPServer.Configuration(host: configuration.host, port: configuration.port)
        serverConfiguration.maxBodyBytes = configuration.maximumBodyBytes
        serverConfiguration.streamsOversizedBodies = true
        // Each exchange runs on its connection's thread, off Swift's cooperative pool: a busy
        // process cannot delay it, and no thread hop adds to its latency.
        let httpServer = HTTPServer(
            configuration: serverConfiguration, streaming: { [self] incoming in self.handle(incoming) })
        let port: Int
        do {
            port = try httpServer.start()
        } catch {
            throw .cannotListen(error)
        }
        startedAt.withLock { $0 = Date() }
        server.withLock { $0 = httpServer }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
    }

    /// Every verdict so far, in the order the exchanges ended.
    public var results: [CaseResult] { run.results }

    /// Stops listening (exchanges in flight finish first), closes the HAR file, and returns the
    /// session's results for the reports.
    /// - Throws: ``ProxyError/cannotWriteHAR(_:reason:)`` when the HAR file cannot be finished.
    @discardableResult
    public func stop() throws(ProxyError) -> RunResult {
        let running = server.withLock { current -> HTTPServer? in
            defer { current = nil }
            return current
        }
        running?.shutdown()
        let result = runResult()
        if let writer = har.withLock({ current -> HARWriter? in
            defer { current = nil }
            return current
        }) {
            do {
                try writer.finish()
            } catch {
                throw .cannotWriteHAR(writer.path, reason: error.localizedDescription)
            }
        }
        return result
    }

    /// The session so far as a run: one case per exchange, coverage by operation.
    public func runResult() -> RunResult {
        run.result(startedAt: startedAt.current)
    }
}
