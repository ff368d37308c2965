import ConformHTTP
public import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// Sends generated valid and invalid requests to a server and checks how it answers: valid data
/// must be accepted with a declared non-5xx status, invalid data rejected with a 4xx (never a 5xx,
/// never a 2xx), missing required headers rejected, undeclared methods answered with 405. Every
/// answer also goes through the response checks of `conform run`.
///
/// Seeded and bounded: the same seed sends the same requests; `casesPerEndpoint` and `timeBudget`
/// keep a CI run short. Each failing request is shrunk to a minimal one that still fails.
public struct ServerFuzzer: Sendable {
    /// How a fuzzing session behaves: the same server settings and selection as `conform run`,
    /// plus how many requests to send, from which seed, for how long.
    public struct Configuration: TargetConfiguration {
        public var target: TargetSettings
        public var selection: Selection
        /// Valid requests per endpoint; invalid ones are capped at the same number. Each body
        /// property's edges, and a violation at each place of the body, are sent besides (coverage).
        public var casesPerEndpoint = Self.defaultCasesPerEndpoint
        public var seed = Self.defaultSeed
        /// Stops sending new requests after this long (shrinking included); nil never stops early.
        public var timeBudget: Duration?
        /// Sends no sequences and learns no items: every request stands alone, for APIs without
        /// state (or to fuzz faster).
        public var stateless = false
        /// The credentials of a second identity, by security scheme name (`--auth-other`): an item
        /// one identity creates must not be readable, changeable or deletable by the other.
        public var otherCredentials: [String: String] = [:]

        /// Valid requests per endpoint unless `--cases` says otherwise.
        public static let defaultCasesPerEndpoint = 20
        /// The seed of generated values unless `--seed` says otherwise.
        public static let defaultSeed: UInt64 = 1

        /// A session against `target` over `selection`; how many requests, from which seed and for
        /// how long are the defaults until set.
        public init(target: TargetSettings, selection: Selection = Selection()) {
            self.target = target
            self.selection = selection
        }

        /// A session against `baseURL` waiting `TargetSettings.defaultFuzzTimeout` for each answer;
        /// every other server setting has its default and can be set afterwards.
        public init(
            baseURL: String, casesPerEndpoint: Int = Self.defaultCasesPerEndpoint,
            seed: UInt64 = Self.defaultSeed,
            timeBudget: Duration? = nil
        ) {
            self.init(target: TargetSettings(baseURL: baseURL, timeout: TargetSettings.defaultFuzzTimeout))
            self.casesPerEndpoint = casesPerEndpoint
            self.seed = seed
            self.timeBudget = timeBudget
        }
    }

    /// A fuzzing run: the results (one case per endpoint and check) and how many requests went out.
    public struct Outcome: Sendable {
        public var result: RunResult
        /// Requests sent, by endpoint id and check name.
        public var requestCounts: [String: [CheckName: Int]]
        /// Requests the resource stories sent, by the endpoint each story's case is filed under
        /// (its create, else its listing, else its read).
        public var storyRequestCounts: [String: Int] = [:]
    }

    public let contract: Contract
    public let configuration: Configuration
    let schemas: ContractSchemas
    /// One generator for every endpoint: building one indexes the whole document.
    let generator: InstanceGenerator
    let transport: HTTPTransport

    /// The resources the contract describes, which the stateful phase creates, changes and deletes.
    let model: ResourceModel
    /// The contract's security with the second identity's credentials (`--auth-other`), if given.
    let otherAuth: ContractAuth?
    /// What valid requests are generated and judged by: the schemas with the description's words
    /// and examples heard.
    let validity: DescribedValidity

    public init(contract: Contract, configuration: Configuration) {
        self.contract = contract
        self.configuration = configuration
        self.schemas = ContractSchemas.shared(for: contract)
        self.generator = InstanceGenerator.shared(document: contract.document, baseURI: contract.baseURI)
        self.transport = configuration.target.transport
        self.model = ResourceModel(contract: contract)
        self.validity = DescribedValidity(contract: contract, schemas: schemas, generator: generator)
        if var other = contract.auth, !configuration.otherCredentials.isEmpty {
            for index in other.schemes.indices {
                other.schemes[index].credential = configuration.otherCredentials[other.schemes[index].name]
            }
            self.otherAuth = other
        } else {
            self.otherAuth = nil
        }
    }

    /// The endpoints this configuration fuzzes: those with parameters or a body, filtered and sharded.
    public var endpoints: [Endpoint] { selection.endpoints(of: Plan(contract: contract), in: contract) }

    /// The selection this configuration describes (`--only`, `--skip`, `--shard`).
    var selection: Selection { configuration.selection }

    public func run() async -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let startedAt = Date()
        let deadline = configuration.timeBudget.map { start + $0 }
        var live = await capturedValues()
        var cases: [CaseResult] = []
        let stateful = StatefulPhase(fuzzer: self, model: model, deadline: deadline)
        var storyCounts: [String: Int] = [:]
        if !configuration.stateless {
            let stories = await stateful.run(live: &live)
            storyCounts = stories.sent
            for result in stories.results {
                cases.append(result)
                configuration.progress?(result)
            }
        }
        let fuzzed = await fuzzGroups(live: &live, deadline: deadline)
        cases += fuzzed.cases
        if !configuration.stateless, !live.created.isEmpty {
            let left = await stateful.cleanUp(live: &live)
            if !left.isEmpty, let index = cases.firstIndex(where: { $0.name == "sequence" }) {
                let list = left.prefix(20).joined(separator: ", ")
                cases[index].reason =
                    (cases[index].reason.map { $0 + "; " } ?? "")
                    + "left \(left.count) item\(left.count == 1 ? "" : "s") it created: \(list)"
            }
        }
        let result = RunResult.assemble(
            contract: contract, baseURL: configuration.baseURL, selection: selection, startedAt: startedAt,
            duration: clock.now - start, cases: cases, seed: configuration.seed)
        return Outcome(result: result, requestCounts: fuzzed.counts, storyRequestCounts: storyCounts)
    }

    /// Fuzzes the endpoint groups, each from the values known so far, and gathers the items they
    /// created into `live`. Groups that can change the server's state (any method but GET, HEAD
    /// and OPTIONS) run one at a time, in group order: run side by side, one group's creates and
    /// deletes would land between another's requests wherever the scheduler put them, and the
    /// same seed would meet a different server (five Jupyter runs gave 61 to 63 findings). Groups
    /// that only read then run `configuration.concurrency` at a time, and the endpoints that empty
    /// whole collections come last of all (``EndpointGroups``). The cases come in endpoint order
    /// whatever finished first, so one seed gives one report.
    private func fuzzGroups(live: inout LiveValues, deadline: ContinuousClock.Instant?) async
        -> (cases: [CaseResult], counts: [String: [CheckName: Int]])
    {
        let plan = endpointGroups()
        let groups = plan.groups + (plan.emptying.isEmpty ? [] : [plan.emptying])
        var finished: [(results: [[CaseResult]], sent: [[CheckName: Int]], live: LiveValues)?] = Array(
            repeating: nil, count: groups.count)
        // Each changing group starts from what the ones before it learned (the paths a PUT
        // created, the tokens a listing gave), as a client would.
        var carried = live
        let reading = plan.groups.indices.filter { Self.onlyReads(groups[$0]) }
        for index in plan.groups.indices where !reading.contains(index) {
            if Task.isCancelled { break }
            let (_, results, sent, groupLive) = await fuzz(
                groups[index], live: carried, deadline: deadline, index: index)
            finished[index] = (results, sent, groupLive)
            carried = groupLive
            for result in results.joined() { configuration.progress?(result) }
        }
        let shared = carried
        await withTaskGroup(of: (Int, [[CaseResult]], [[CheckName: Int]], LiveValues).self) { tasks in
            var next = 0
            func start() {
                guard next < reading.count else { return }
                let index = reading[next]
                next += 1
                tasks.addTask {
                    await self.fuzz(groups[index], live: shared, deadline: deadline, index: index)
                }
            }
            for _ in 0..<max(1, configuration.concurrency) { start() }
            while let (index, results, sent, groupLive) = await tasks.next() {
                finished[index] = (results, sent, groupLive)
                for result in results.joined() { configuration.progress?(result) }
                start()
            }
        }
        if !plan.emptying.isEmpty, !Task.isCancelled {
            let index = groups.count - 1
            let (_, results, sent, groupLive) = await fuzz(
                groups[index], live: carried, deadline: deadline, index: index)
            finished[index] = (results, sent, groupLive)
            for result in results.joined() { configuration.progress?(result) }
        }
        var counts: [String: [CheckName: Int]] = [:]
        var byEndpoint: [String: [CaseResult]] = [:]
        for (group, outcome) in zip(groups, finished) {
            guard let outcome else { continue }
            for (endpoint, (results, sent)) in zip(group, zip(outcome.results, outcome.sent)) {
                counts[endpoint.id] = sent
                byEndpoint[endpoint.id] = results
            }
            for created in outcome.live.created
            where !live.created.contains(where: {
                $0.resource == created.resource && $0.address == created.address
            }) {
                live.created.append(created)
            }
        }
        return (endpoints.flatMap { byEndpoint[$0.id] ?? [] }, counts)
    }

    /// The endpoints to fuzz: `groups` that share no state (the endpoints of one resource, with
    /// its nested resources, together; every other endpoint on its own), each run in order so the
    /// same seed sends the same requests; and, apart, the endpoints that empty a whole collection,
    /// fuzzed after every group, the deepest first. Those are a `DELETE` on a collection path
    /// (Kinto's `DELETE /buckets`, which deletes every bucket of the caller and all they hold) and
    /// a bulk delete (Prefect's `POST /flow_runs/bulk_delete`, which with an empty filter deletes
    /// every flow run, and with them the task runs of another group): sent in the description's
    /// order, they emptied the server before the item endpoints after them were fuzzed, and their
    /// valid requests met no item.
    func endpointGroups() -> (groups: [[Endpoint]], emptying: [Endpoint]) {
        var groups: [[Endpoint]] = []
        var groupOf: [String: Int] = [:]
        var emptying: [Endpoint] = []
        for endpoint in endpoints {
            if empties(endpoint) {
                emptying.append(endpoint)
                continue
            }
            let root = rootResource(of: endpoint)
            if let root, let index = groupOf[root] {
                groups[index].append(endpoint)
            } else {
                if let root { groupOf[root] = groups.count }
                groups.append([endpoint])
            }
        }
        let deepestFirst = emptying.enumerated().sorted {
            ($0.element.path.segments.count, $1.offset) > ($1.element.path.segments.count, $0.offset)
        }
        return (groups, deepestFirst.map(\.element))
    }

    /// Whether `endpoint` empties a whole collection: a `DELETE` on a path that is a resource's
    /// collection and no resource's item, or a bulk delete (``Endpoint/isBulkDelete``).
    private func empties(_ endpoint: Endpoint) -> Bool {
        if endpoint.isBulkDelete { return true }
        return endpoint.method.uppercased() == "DELETE" && model.item(endpoint.path) == nil
            && model.collection(endpoint.path) != nil
    }

    /// Whether every endpoint of a group only reads (GET, HEAD, OPTIONS), so running it beside
    /// other groups cannot change what they see.
    static func onlyReads(_ group: [Endpoint]) -> Bool {
        group.allSatisfy { ["GET", "HEAD", "OPTIONS"].contains($0.method.uppercased()) }
    }

    /// The top-level resource an endpoint's path belongs to, if any.
    private func rootResource(of endpoint: Endpoint) -> String? {
        guard var resource = model.item(endpoint.path) ?? model.collection(endpoint.path) else { return nil }
        while let parent = resource.parent.flatMap({ model.resource(named: $0.resource) }) {
            resource = parent
        }
        return resource.name
    }

    /// Fuzzes one group's endpoints in order, each learning from the one before.
    private func fuzz(_ group: [Endpoint], live: LiveValues, deadline: ContinuousClock.Instant?, index: Int)
        async
        -> (Int, [[CaseResult]], [[CheckName: Int]], LiveValues)
    {
        var live = live
        var results: [[CaseResult]] = []
        var sent: [[CheckName: Int]] = []
        for endpoint in group {
            let session = EndpointSession(
                fuzzer: self, endpoint: endpoint, variables: live.variables, deadline: deadline)
            let (caseResults, counts) = await session.run(live: &live)
            results.append(caseResults)
            sent.append(counts)
        }
        return (index, results, sent, live)
    }

    /// Sends `record` as every fuzzing request is sent: again while the server answers that it is
    /// busy (``BusyBackoff``), unless the time budget ran out.
    func perform(_ record: HTTPRequest, deadline: ContinuousClock.Instant? = nil) async -> ExchangeOutcome {
        await BusyBackoff(transport: transport).perform(record) {
            deadline.map { ContinuousClock().now < $0 } ?? true
        }
    }

    /// Replays the contract's examples that capture values, once, to learn real values (menu ids,
    /// image names): each captured variable, and every value its place stands for (its family).
    private func capturedValues() async -> LiveValues {
        var target = configuration.target
        target.progress = nil
        let replayer = Replayer(contract: contract, configuration: .init(target: target))
        var live = LiveValues()
        // Only the examples' captures: the calls built from schemas belong to the stories.
        for planned in replayer.plan.cases where !planned.captures.isEmpty && planned.exampleIndex != nil {
            if Task.isCancelled { break }
            let (result, captured) = await replayer.run(planned, variables: live.variables)
            live.variables.merge(captured) { _, new in new }
            let example = contract.endpoint(planned.endpointID).flatMap { endpoint in
                planned.exampleIndex.map { endpoint.examples[$0] }
            }
            let body = result.response.flatMap { try? JSONParser.parse($0.body) }
            if let body { live.observe(body) }
            for capture in example?.captures ?? [] {
                let family = CaptureExtractor.family(of: capture, body: body)
                if !family.isEmpty { live.families[capture.variable] = family }
            }
        }
        return live
    }
}
