import ConformHTTP
import Foundation
public import JSONSchema

/// Replays a contract's cases against a server and checks every response.
///
/// Dependent cases (linked by captured variables) run in order as a chain; independent chains run
/// in parallel up to `concurrency`. Server faults become findings or errors of their case, never a
/// crash or a hang, and the run always produces a `RunResult`.
public struct Replayer: Sendable {
    /// How a run behaves; the CLI and `ContractTesting` both build one. The server, its limits and
    /// the selection are the same types `ServerFuzzer` uses; only the checks and `--record` are
    /// a run's own.
    public struct Configuration: TargetConfiguration {
        public var target: TargetSettings
        public var selection: Selection
        /// A folder to save every response body in, as samples for the client-model corpus.
        public var recordDirectory: String?
        public var checks: [Check]

        public init(
            target: TargetSettings, selection: Selection = Selection(), recordDirectory: String? = nil,
            checks: [Check] = Check.replayChecks
        ) {
            self.target = target
            self.selection = selection
            self.recordDirectory = recordDirectory
            self.checks = checks
        }

        /// A configuration for `baseURL` with the values a test most often sets; every other field
        /// has `TargetSettings`' default and can be set afterwards (`configuration.retries = 2`).
        public init(
            baseURL: String, timeout: Duration = TargetSettings.defaultTimeout,
            concurrency: Int = TargetSettings.defaultConcurrency, only: [String] = [],
            redaction: Redaction = Redaction()
        ) {
            self.init(
                target: TargetSettings(
                    baseURL: baseURL, timeout: timeout, redaction: redaction, concurrency: concurrency),
                selection: Selection(only: only))
        }
    }

    public let contract: Contract
    public let configuration: Configuration
    public let plan: Plan
    let schemas: ContractSchemas
    let synthesis: RequestBuilder.Synthesis
    let transport: HTTPTransport

    public init(contract: Contract, configuration: Configuration, schemas: ContractSchemas? = nil) {
        self.contract = contract
        self.configuration = configuration
        self.plan = Plan(contract: contract)
        let schemas = schemas ?? ContractSchemas.shared(for: contract)
        self.schemas = schemas
        self.synthesis = RequestBuilder.Synthesis(contract: contract, schemas: schemas)
        self.transport = configuration.target.transport
    }

    /// The cases this configuration selects (shard, `--only`, `--skip`), in run order, each with
    /// whether it runs or is skipped by a filter.
    public func selection() -> [(planned: Plan.Case, selected: Bool)] {
        configuration.selection.cases(of: plan, in: contract)
    }

    /// Runs the selected cases and returns everything found. Cancelling the task stops the run
    /// between cases; the result is then marked interrupted.
    public func run() async -> RunResult {
        let clock = ContinuousClock()
        let start = clock.now
        let startedAt = Date()
        let selection = selection()
        let selectedIDs = Set(selection.filter(\.selected).map(\.planned.id))
        let chains: [[Plan.Case]] = plan.chains.map { chain in
            chain.map { plan.cases[$0] }.filter { selectedIDs.contains($0.id) }
        }
        .filter { !$0.isEmpty }
        let results = Locked<[String: CaseResult]>([:])
        await withTaskGroup(of: Void.self) { group in
            var pending = chains.makeIterator()
            for _ in 0..<max(1, configuration.concurrency) {
                guard let chain = pending.next() else { break }
                group.addTask { await runChain(chain, into: results) }
            }
            while await group.next() != nil {
                if let chain = pending.next() { group.addTask { await runChain(chain, into: results) } }
            }
        }
        let finished = results.current
        var cases: [CaseResult] = []
        for (planned, selected) in selection {
            if let result = finished[planned.id] {
                cases.append(result)
            } else {
                let reason = selected ? "interrupted before it ran" : "filtered out by --only/--skip"
                cases.append(skipped(planned, reason: reason))
            }
        }
        return .assemble(
            contract: contract, baseURL: configuration.baseURL, selection: configuration.selection,
            startedAt: startedAt, duration: clock.now - start, cases: cases, coverage: coverage(of: cases))
    }

    private func runChain(_ chain: [Plan.Case], into results: Locked<[String: CaseResult]>) async {
        var variables: [String: JSONValue] = [:]
        for planned in chain {
            if Task.isCancelled { return }
            let (result, captured) = await run(planned, variables: variables)
            variables.merge(captured) { _, new in new }
            results.withLock { $0[planned.id] = result }
            configuration.progress?(result)
        }
    }

    /// Runs one case with the given variables; returns its result and the variables it captured.
    public func run(_ planned: Plan.Case, variables: [String: JSONValue]) async -> (
        CaseResult, [String: JSONValue]
    ) {
        guard let endpoint = contract.endpoint(planned.endpointID) else {
            return (skipped(planned, reason: "unknown endpoint"), [:])
        }
        if endpoint.onlySwitchesProtocols {
            return (skipped(planned, reason: Endpoint.protocolSwitchReason), [:])
        }
        let example = planned.exampleIndex.map { endpoint.examples[$0] }
        var planned = planned
        let missing = planned.uses.subtracting(variables.keys).sorted()
        if !missing.isEmpty, let step = planned.lifecycle, step.idsFromListing, !step.expectsGone,
            missing.allSatisfy(LifecycleStep.isOrdering)
        {
            // The listing named no item: the call goes with generated path values instead.
            planned.lifecycle = nil
        } else if !missing.isEmpty {
            if let step = planned.lifecycle {
                let reason =
                    step.expectsGone
                    ? "the delete before it did not remove the item"
                    : "no earlier call gave an item of \(step.resource)"
                return (skipped(planned, reason: reason), [:])
            }
            let names = missing.map { "{{\($0)}}" }.joined(separator: ", ")
            return (skipped(planned, reason: "needs \(names), which an earlier case did not capture"), [:])
        }
        let request: HTTPRequest
        do {
            request = try buildRequest(planned, endpoint: endpoint, example: example, variables: variables)
        } catch {
            return (skipped(planned, reason: "cannot build the request: \(error)"), [:])
        }
        let cases = CaseBuilder(redaction: configuration.redaction)
        var result = cases.start(id: planned.id, name: planned.name, endpoint: endpoint)
        result.request = cases.kept(request)
        result.curl = cases.reproducer(request)
        let exchange = await send(request)
        result.attempts = exchange.attempts
        result.duration = exchange.elapsed
        guard let response = exchange.response else {
            if Task.isCancelled {
                return (skipped(planned, reason: "interrupted while waiting for the response"), [:])
            }
            let error = exchange.error ?? .other("no response")
            return (cases.finished(cases.failed(result, by: error), sent: [request]), [:])
        }
        result.response = cases.kept(response)
        result.duration = response.duration
        let captured = judge(
            response, to: request, planned: planned, endpoint: endpoint, example: example,
            variables: variables,
            into: &result)
        if let directory = configuration.recordDirectory {
            SampleRecorder(directory: directory, redaction: configuration.redaction).record(
                response, of: result, secrets: configuration.redaction.secrets(in: request.headers))
        }
        return (cases.finished(result, sent: [request]), captured)
    }

    /// The request of a case: its example (or the call built from the schemas, or a lifecycle
    /// step's) with the variables captured so far.
    private func buildRequest(
        _ planned: Plan.Case, endpoint: Endpoint, example: Example?, variables: [String: JSONValue]
    ) throws(RequestBuilder.Failure) -> HTTPRequest {
        let builder = RequestBuilder(
            contract: contract, baseURL: configuration.baseURL, extraHeaders: configuration.headers,
            synthesis: synthesis)
        let built =
            planned.lifecycle.map { lifecycleExample($0, endpoint: endpoint, builder: builder) } ?? example
        return try builder.request(for: endpoint, example: built, variables: variables)
    }

    /// Sends `request`, again after a pause while it gets no response and retries are left, and
    /// again while the server answers that it is busy (``BusyBackoff``).
    private func send(_ request: HTTPRequest) async -> (
        response: HTTPResponse?, error: TransportError?, attempts: Int, elapsed: Duration
    ) {
        var attempts = 0
        var lastError: TransportError?
        var elapsed = Duration.zero
        while attempts <= configuration.retries {
            attempts += 1
            let outcome = await BusyBackoff(transport: transport).perform(request)
            elapsed += outcome.elapsed
            switch outcome.result {
            case .success(let received): return (received, nil, attempts, elapsed)
            case .failure(let error):
                lastError = error
                if attempts <= configuration.retries && error != .cancelled {
                    try? await Task.sleep(for: .milliseconds(100 * attempts))
                }
            }
        }
        return (nil, lastError, attempts, elapsed)
    }

    /// Checks `response`, takes the example's captures from it, and judges a lifecycle step; the
    /// findings and outcome go into `result`, the captured variables are returned.
    private func judge(
        _ response: HTTPResponse, to request: HTTPRequest, planned: Plan.Case, endpoint: Endpoint,
        example: Example?, variables: [String: JSONValue], into result: inout CaseResult
    ) -> [String: JSONValue] {
        let checker = ResponseChecker(contract: contract, schemas: schemas, checks: configuration.checks)
        let checked = checker.check(
            response, to: request, endpoint: endpoint, example: example, variables: variables)
        result.checks = checked.checksRun
        result.findings = checked.findings
        let turnedAway = contract.auth?.expectsRejection(endpoint.id, status: response.status) == true
        if turnedAway {
            result.findings = []
            result.reason = "\(response.status) without credentials, as expected"
        }
        var captured: [String: JSONValue] = [:]
        // A call turned away for want of credentials has nothing to capture, nor has a declared
        // answer other than success to an example that expects no status (an OpenAPI example id
        // may name no item): its followers skip.
        let refused = turnedAway || (example?.expectedStatus == nil && !(200..<300).contains(response.status))
        for capture in example?.captures ?? [] where !refused {
            switch CaptureExtractor.value(of: capture, from: response, body: checked.body) {
            case .success(let value): captured[capture.variable] = value
            case .failure(let problem):
                result.findings.append(
                    Finding(
                        check: .assertions, message: "capture {{\(capture.variable)}}: \(problem.message)",
                        pointer: problem.pointer, expected: "a value to capture", actual: "nothing"))
            }
        }
        if let step = planned.lifecycle {
            let outcome = lifecycleOutcome(step, planned: planned, response: response, body: checked.body)
            captured.merge(outcome.captured) { _, new in new }
            if let finding = outcome.finding { result.findings.append(finding) }
        }
        result.outcome = result.findings.isEmpty ? .passed : .failed
        return captured
    }

    private func skipped(_ planned: Plan.Case, reason: String) -> CaseResult {
        let endpoint = contract.endpoint(planned.endpointID)
        return CaseResult(
            id: planned.id, endpointID: planned.endpointID, name: planned.name,
            method: endpoint?.method ?? "",
            path: endpoint?.path.template ?? "", outcome: .skipped, reason: reason)
    }

    private func coverage(of cases: [CaseResult]) -> [EndpointCoverage] {
        EndpointCoverage.of(contract.endpoints, in: cases)
    }
}
