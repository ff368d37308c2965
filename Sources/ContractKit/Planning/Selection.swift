/// Which part of a contract a run covers: `--only`, `--skip` and `--shard`, decided in one place
/// so that `conform run`, `conform fuzz` and `ContractTesting` choose the same things.
///
/// Shards deal whole chains of dependent cases everywhere, and a chosen case always brings the
/// cases that capture the variables it uses.
public struct Selection: Sendable, Hashable {
    /// Endpoint ids or tags to keep; empty keeps all.
    public var only: [String]
    /// Endpoint ids or tags to leave out.
    public var skip: [String]
    /// `(i, n)`: shard i (1-based) of n.
    public var shard: Shard?

    /// One share of a CI matrix.
    public struct Shard: Sendable, Hashable {
        public var index: Int
        public var count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// `i/n`, as given on the command line and shown in reports.
        public var description: String { "\(index)/\(count)" }
    }

    public init(only: [String] = [], skip: [String] = [], shard: Shard? = nil) {
        self.only = only
        self.skip = skip
        self.shard = shard
    }

    /// Whether `--only`/`--skip` keep `endpoint` (by its id or one of its tags).
    public func keeps(_ endpoint: Endpoint) -> Bool {
        let names = Set([endpoint.id] + endpoint.tags)
        if !only.isEmpty && names.isDisjoint(with: only) { return false }
        return names.isDisjoint(with: skip)
    }

    /// The cases of this shard in run order, each with whether it runs: chosen by `--only`/`--skip`,
    /// or a prerequisite of a chosen case.
    public func cases(of plan: Plan, in contract: Contract) -> [(planned: Plan.Case, selected: Bool)] {
        let inShard = shardIndices(of: plan)
        let wanted = inShard.filter { index in
            contract.endpoint(plan.cases[index].endpointID).map(keeps) ?? false
        }
        let needed = Set(plan.closure(of: wanted))
        return inShard.map { (plan.cases[$0], needed.contains($0)) }
    }

    /// The endpoints this selection fuzzes, in contract order: kept by `--only`/`--skip`, and in this
    /// shard when the chain of the endpoint's first case was dealt to it, so every endpoint lands in
    /// exactly one shard, next to the cases that capture values for it.
    public func endpoints(of plan: Plan, in contract: Contract) -> [Endpoint] {
        guard let shard else { return contract.endpoints.filter(keeps) }
        var chainOfCase: [Int: Int] = [:]
        for (chain, members) in plan.chains.enumerated() {
            for member in members { chainOfCase[member] = chain }
        }
        var shardOfEndpoint: [String: Int] = [:]
        for (index, planned) in plan.cases.enumerated() where shardOfEndpoint[planned.endpointID] == nil {
            shardOfEndpoint[planned.endpointID] = (chainOfCase[index] ?? 0) % shard.count
        }
        return contract.endpoints.filter { keeps($0) && shardOfEndpoint[$0.id] == shard.index - 1 }
    }

    private func shardIndices(of plan: Plan) -> [Int] {
        guard let shard else { return Array(plan.cases.indices) }
        return plan.chains.enumerated().filter { $0.offset % shard.count == shard.index - 1 }
            .flatMap(\.element).sorted()
    }
}
