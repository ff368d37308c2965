public import ContractKit
import Foundation
import JSONSchema

/// Sends generated valid and invalid requests to a server and checks how it answers: valid data
/// must be accepted with a declared non-5xx status, invalid data rejected with a 4xx (never a 5xx,
/// never a 2xx), missing required headers rejected, undeclared methods answered with 405. Every
/// answer also goes through the response checks of `conform run`.
///
/// Seeded and bounded: the same seed sends the same requests; `casesPerEndpoint` and `timeBudget`
/// keep a CI run short. Each failing request is shrunk to a minimal one that still fails.
public struct ServerFuzzer: Sendable {
    public struct Configuration: Sendable {
        public var baseURL: String
        public var headers: [HeaderField]
        public var timeout: Duration
        /// Valid requests per endpoint; invalid ones are capped at the same number.
        public var casesPerEndpoint: Int
        public var seed: UInt64
        /// Stops sending new requests after this long (shrinking included).
        public var timeBudget: Duration?
        public var only: [String]
        public var skip: [String]
        public var shard: (index: Int, count: Int)?
        public var redaction: Redaction
        /// The largest response body accepted (`--max-body`).
        public var maximumBodyBytes: Int
        /// Follow same-origin redirects (`--follow-redirects`).
        public var followRedirects: Bool
        /// Called after each endpoint and check, for progress output.
        public var progress: (@Sendable (CaseResult) -> Void)?

        public init(
            baseURL: String, headers: [HeaderField] = [], timeout: Duration = .seconds(10),
            casesPerEndpoint: Int = 20,
            seed: UInt64 = 1, timeBudget: Duration? = nil, only: [String] = [], skip: [String] = [],
            shard: (index: Int, count: Int)? = nil, redaction: Redaction = Redaction(),
            maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes, followRedirects: Bool = false,
            progress: (@Sendable (CaseResult) -> Void)? = nil
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.followRedirects = followRedirects
            self.baseURL = baseURL
            self.headers = headers
            self.timeout = timeout
            self.casesPerEndpoint = casesPerEndpoint
            self.seed = seed
            self.timeBudget = timeBudget
            self.only = only
            self.skip = skip
            self.shard = shard
            self.redaction = redaction
            self.progress = progress
        }
    }

    /// A fuzzing run: the results (one case per endpoint and check) and how many requests went out.
    public struct Outcome: Sendable {
        public var result: RunResult
        /// Requests sent, by endpoint id and check name.
        public var requestCounts: [String: [CheckName: Int]]
    }

    public let contract: Contract
    public let configuration: Configuration
    let schemas: ContractSchemas
    let transport: HTTPTransport

    public init(contract: Contract, configuration: Configuration) {
        self.contract = contract
        self.configuration = configuration
        self.schemas = ContractSchemas(contract: contract)
        self.transport = HTTPTransport(
            timeout: configuration.timeout, maximumBodyBytes: configuration.maximumBodyBytes,
            followRedirects: configuration.followRedirects)
    }

    /// The endpoints this configuration fuzzes: those with parameters or a body, filtered and sharded.
    public var endpoints: [Endpoint] { selection.endpoints(of: Plan(contract: contract), in: contract) }

    /// The selection this configuration describes (`--only`, `--skip`, `--shard`).
    var selection: Selection {
        Selection(
            only: configuration.only, skip: configuration.skip,
            shard: configuration.shard.map { Selection.Shard(index: $0.index, count: $0.count) })
    }

    public func run() async -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let startedAt = Date()
        let deadline = configuration.timeBudget.map { start + $0 }
        let variables = await capturedVariables()
        var cases: [CaseResult] = []
        var counts: [String: [CheckName: Int]] = [:]
        for endpoint in endpoints {
            let session = EndpointSession(
                fuzzer: self, endpoint: endpoint, variables: variables, deadline: deadline)
            let (results, sent) = await session.run()
            counts[endpoint.id] = sent
            for result in results {
                cases.append(result)
                configuration.progress?(result)
            }
        }
        let result = RunResult.assemble(
            contract: contract, baseURL: configuration.baseURL, selection: selection, startedAt: startedAt,
            duration: clock.now - start, cases: cases, seed: configuration.seed)
        return Outcome(result: result, requestCounts: counts)
    }

    /// Replays the contract's examples once to learn real values (menu ids, image names) that the
    /// contract's examples take from captures.
    private func capturedVariables() async -> [String: JSONValue] {
        let replayer = Replayer(
            contract: contract,
            configuration: .init(
                baseURL: configuration.baseURL, headers: configuration.headers,
                timeout: configuration.timeout,
                maximumBodyBytes: configuration.maximumBodyBytes,
                followRedirects: configuration.followRedirects))
        var variables: [String: JSONValue] = [:]
        for planned in replayer.plan.cases where !planned.captures.isEmpty {
            if Task.isCancelled { break }
            let (_, captured) = await replayer.run(planned, variables: variables)
            variables.merge(captured) { _, new in new }
        }
        return variables
    }

    /// Sends one request; nil when no complete response arrived.
    func send(_ request: FuzzRequest) async -> (RequestRecord, Result<ResponseRecord, TransportError>) {
        let record = ContractAuth.applying(
            contract.auth,
            to: request.record(baseURL: configuration.baseURL, extraHeaders: configuration.headers),
            endpointID: request.endpoint.id)
        do {
            return (record, .success(try await transport.send(record)))
        } catch {
            return (record, .failure(error))
        }
    }
}
