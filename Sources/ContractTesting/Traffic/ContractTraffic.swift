import ConformHTTP
import ConformTraffic
public import ContractKit
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Checks the app's own traffic in tests, without a proxy: installed on a
/// `URLSessionConfiguration`, it sees every exchange the app's client makes with the API under
/// ``baseURL`` (through ``ContractTrafficProtocol``), sends it on, judges both directions with the
/// checks of `conform proxy`, and records each finding as a Swift Testing issue at the test that
/// made the call.
///
/// ```swift
/// @Test func menuTraffic() async throws {
///     let traffic = try await restaurant.traffic()          // the suite's server, embedded mock or CONFORM_BASE_URL
///     let configuration = URLSessionConfiguration.ephemeral
///     configuration.checkContractTraffic(traffic)
///     let client = RestaurantAPIClient(baseURL: traffic.url, session: URLSession(configuration: configuration))
///     _ = try await client.fetchMenuItems(forCategory: "Entrees")  // a finding here is an issue of this test
/// }
/// ```
///
/// A request whose URL is not under ``baseURL`` goes on as if the protocol were not installed.
public final class ContractTraffic: Sendable {
    public let contract: Contract
    /// The API's base URL; requests under it are checked, its path taken off before matching.
    public let baseURL: String
    /// Whether each finding becomes a Swift Testing issue (else only ``results`` keep them).
    public let recordsIssues: Bool
    /// The calls judged so far.
    let run: TrafficRun
    let transport: HTTPTransport

    /// - Parameters:
    ///   - baseURL: the server the app's client talks to; only requests under it are checked.
    ///   - timeout: the deadline of each exchange (a hung server fails the call, never the test run).
    ///   - redaction: what issues and results hide (credential headers always).
    ///   - recordsIssues: record each finding as an issue of the calling test.
    public init(
        contract: Contract, baseURL: String, timeout: Duration = TargetSettings.defaultTimeout,
        redaction: Redaction = Redaction(), recordsIssues: Bool = true
    ) {
        self.contract = contract
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.recordsIssues = recordsIssues
        run = TrafficRun(contract: contract, baseURL: baseURL, redaction: redaction)
        transport = HTTPTransport(timeout: timeout)
    }

    /// ``baseURL`` as a `URL`, for a client's initializer.
    public var url: URL {
        URL(string: baseURL) ?? URL(fileURLWithPath: "/")
    }

    /// Every verdict so far, in the order the calls ended.
    public var results: [CaseResult] { run.results }

    /// Installs the checking protocol first among `configuration`'s protocol classes, for requests
    /// under ``baseURL``; sessions made from the configuration afterwards are checked.
    public func install(on configuration: URLSessionConfiguration) {
        ContractTrafficProtocol.register(self)
        let others = (configuration.protocolClasses ?? []).filter { $0 != ContractTrafficProtocol.self }
        configuration.protocolClasses = [ContractTrafficProtocol.self] + others
    }

    /// Stops checking: requests under ``baseURL`` go on unchecked from now on.
    public func uninstall() { ContractTrafficProtocol.unregister(self) }

    /// Runs `body` with a session made from an ephemeral configuration this traffic checks, then
    /// lets the session's tasks finish and stops checking: the set-up and tear-down a test around
    /// the app's client would otherwise write itself.
    ///
    /// ```swift
    /// try await traffic.withCheckedSession { session in
    ///     let client = RestaurantAPIClient(baseURL: traffic.url, session: session)
    ///     _ = try await client.fetchMenuItems(forCategory: "Entrees")
    /// }
    /// ```
    public func withCheckedSession<Result>(_ body: (URLSession) async throws -> Result) async rethrows
        -> Result
    {
        let configuration = URLSessionConfiguration.ephemeral
        install(on: configuration)
        let session = URLSession(configuration: configuration)
        defer {
            // Not invalidateAndCancel(): on Linux, cancelling a task whose completion is being
            // delivered can resume `data(for:)` twice (a swift-corelibs-foundation race).
            session.finishTasksAndInvalidate()
            uninstall()
        }
        return try await body(session)
    }

    /// Whether `url` is one this traffic checks.
    func covers(_ url: String) -> Bool { run.base.contains(url: url) }

    /// Sends `request` on and returns the outcome with its verdict, kept in ``results``; blocks the
    /// calling thread (the protocol's loader thread, never a task's).
    func exchange(_ request: HTTPRequest) -> (ExchangeOutcome, CaseResult) {
        let number = run.nextNumber()
        let startedAt = Date()
        let outcome = transport.performBlocking(request)
        var exchange = TrafficExchange(
            name: "call \(number) (\(Timestamp.iso8601(startedAt)))", request: request, startedAt: startedAt,
            duration: outcome.elapsed)
        switch outcome.result {
        case .success(let response): exchange.response = response
        case .failure(let error): exchange.failure = error
        }
        return (outcome, run.check(exchange))
    }
}
