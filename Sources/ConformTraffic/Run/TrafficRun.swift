public import ConformHTTP
public import ContractKit
public import Foundation

/// One run over an app's own traffic: the one entry `conform proxy`, `conform check` and the
/// test-time URL protocol share.
///
/// It holds what every exchange of the run is judged with, derived once: the API's base (which
/// requests are the API's, and each one's operation path), the contract's compiled schemas (the
/// process's shared ones, never compiled twice), the body limit and what to mask. Each exchange
/// is judged by ``TrafficChecker``, numbered and kept; ``result(startedAt:duration:)`` assembles
/// the run's results through `RunResult.assemble`, as `run` and `fuzz` do.
///
/// ```swift
/// let run = TrafficRun(contract: contract, baseURL: "https://api.example.com/v1")
/// let verdict = run.check(TrafficExchange(name: "call 1", request: request, response: response))
/// let results = run.result()   // for the reports
/// ```
public final class TrafficRun: Sendable {
    /// How much of each exchange's bodies the run keeps once judged.
    public enum Retention: Sendable {
        /// Everything, for tests that look at the exchanges afterwards.
        case everything
        /// Heads only for a passed exchange, the first 64 KiB of each body for a failed one: for
        /// a proxy that runs all day or a HAR file of thousands of entries.
        case lean
    }

    public let contract: Contract
    /// The API's origin and base path.
    public let base: APIBase
    /// What the reports name as the run's target: the base URL, or the files read.
    public let target: String
    /// The judge of each exchange.
    public let checker: TrafficChecker
    private let log: TrafficLog
    private let counter = Locked(0)
    private let startedAt = Date()

    /// - Parameters:
    ///   - baseURL: the API's base URL; its path is taken off each request's path before matching.
    ///   - target: what reports name as the target; the base URL when nil.
    ///   - maximumBodyBytes: the limit bodies were read with; a body over it went through unchecked.
    ///   - redaction: what every result hides (credential headers always).
    ///   - retention: how much of each exchange is kept after its verdict.
    public init(
        contract: Contract, baseURL: String, target: String? = nil,
        maximumBodyBytes: Int = TargetSettings.defaultMaximumBodyBytes, redaction: Redaction = Redaction(),
        retention: Retention = .everything
    ) {
        self.contract = contract
        base = APIBase(url: baseURL)
        self.target = target ?? baseURL
        checker = TrafficChecker(
            contract: contract, schemas: .shared(for: contract), base: base,
            maximumBodyBytes: maximumBodyBytes, redaction: redaction)
        log = TrafficLog(retention: retention)
    }

    /// The next exchange's number, from 1, for its name.
    public func nextNumber() -> Int {
        counter.withLock { count -> Int in
            count += 1
            return count
        }
    }

    /// Judges `exchange`, keeps the verdict and returns it (redacted).
    @discardableResult
    public func check(_ exchange: TrafficExchange) -> CaseResult {
        let result = checker.check(exchange)
        log.append(result)
        return result
    }

    /// Keeps an exchange that was not judged (another origin, an unreadable record) as skipped,
    /// with its reason, and returns it.
    @discardableResult
    public func skip(name: String, method: String, path: String, reason: String) -> CaseResult {
        let id = TrafficChecker.unmatchedEndpointID
        let result = CaseResult(
            id: "\(id)/\(name)", endpointID: id, name: name, method: method, path: path, outcome: .skipped,
            reason: reason)
        log.append(result)
        return result
    }

    /// Every verdict so far, in the order the exchanges ended.
    public var results: [CaseResult] { log.all }

    /// The run so far as results for the reports: one case per exchange, coverage by operation.
    ///
    /// - Parameters:
    ///   - startedAt: when the traffic began; when the run was made, if nil.
    ///   - duration: how long it took; the time since `startedAt`, if nil.
    public func result(startedAt: Date? = nil, duration: Duration? = nil) -> RunResult {
        let cases = log.all
        let start = startedAt ?? self.startedAt
        return RunResult.assemble(
            contract: contract, baseURL: target, selection: Selection(), startedAt: start,
            duration: duration ?? .milliseconds(Int64(Date().timeIntervalSince(start) * 1000)), cases: cases,
            coverage: checker.coverage(of: cases))
    }
}
