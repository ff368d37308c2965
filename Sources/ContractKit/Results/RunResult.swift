import ConformHTTP
public import Foundation

/// Everything a run found: the input of the reporters, `diff` and `merge`, and the exit code.
public struct RunResult: Sendable, Hashable {
    public var contractName: String
    public var contractVersion: String
    public var contractFile: String?
    public var baseURL: String
    public var startedAt: Date
    public var duration: Duration
    public var cases: [CaseResult]
    /// `i/n` when the run was one shard of several.
    public var shard: String?
    public var seed: UInt64?
    public var toolVersion: String
    /// True when Ctrl-C or SIGTERM stopped the run early.
    public var interrupted: Bool
    public var coverage: [EndpointCoverage]
    /// Operations of the description that were left out when it loaded, with their reasons: never
    /// tested, so every report names them.
    public var skippedOperations: [SkippedOperation]

    public init(
        contractName: String, contractVersion: String, contractFile: String? = nil, baseURL: String,
        startedAt: Date,
        duration: Duration, cases: [CaseResult], shard: String? = nil, seed: UInt64? = nil,
        toolVersion: String,
        interrupted: Bool = false, coverage: [EndpointCoverage] = [],
        skippedOperations: [SkippedOperation] = []
    ) {
        self.contractName = contractName
        self.contractVersion = contractVersion
        self.contractFile = contractFile
        self.baseURL = baseURL
        self.startedAt = startedAt
        self.duration = duration
        self.cases = cases
        self.shard = shard
        self.seed = seed
        self.toolVersion = toolVersion
        self.interrupted = interrupted
        self.coverage = coverage
        self.skippedOperations = skippedOperations
    }

    /// The result of a run of `contract` that started at `startedAt`, assembled the same way for
    /// `run` and `fuzz`: the contract's identity, the target, the shard and whether the task was
    /// cancelled (which marks it interrupted), and the operations the loader left out (among those
    /// the selection would have run).
    public static func assemble(
        contract: Contract, baseURL: String, selection: Selection, startedAt: Date, duration: Duration,
        cases: [CaseResult], seed: UInt64? = nil, coverage: [EndpointCoverage] = []
    ) -> RunResult {
        RunResult(
            contractName: contract.name, contractVersion: contract.version, contractFile: contract.file,
            baseURL: baseURL, startedAt: startedAt, duration: duration, cases: cases,
            shard: selection.shard?.description, seed: seed, toolVersion: ConformVersion.current,
            interrupted: Task.isCancelled, coverage: coverage,
            skippedOperations: contract.skippedOperations.filter { selection.wouldRun($0) })
    }

    public func count(_ outcome: CaseResult.Outcome) -> Int { cases.filter { $0.outcome == outcome }.count }

    /// Whether the run passes the gate: no failed and no errored case.
    public var isSuccessful: Bool { !cases.contains { $0.outcome.isProblem } }

    /// Whether every case that ran failed to reach the server.
    public var serverWasUnreachable: Bool {
        let ran = cases.filter { $0.outcome != .skipped }
        return !ran.isEmpty && ran.allSatisfy(\.isUnreachable)
    }
}
