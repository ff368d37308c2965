import JSONSchema

/// The order in which a contract's cases run.
///
/// Examples that capture variables run before the examples that use them, keeping document order
/// otherwise; dependent cases form a chain that runs in order on one worker, while independent
/// chains can run in parallel or on different CI shards.
public struct Plan: Sendable {
    /// One request to send: an example, or a call built from the endpoint's schemas when it has none.
    public struct Case: Sendable, Hashable, Identifiable {
        /// `endpointId/example name`, unique in a contract.
        public var id: String
        public var endpointID: String
        /// The example's index in the endpoint, or nil for a call built from schemas.
        public var exampleIndex: Int?
        public var name: String
        /// Variables this case needs, and those it defines.
        public var uses: Set<String>
        public var captures: [String]
        /// For a call built from the schemas, its part in its resource's life (see ``LifecycleStep``).
        public var lifecycle: LifecycleStep? = nil
    }

    /// Cases in run order.
    public private(set) var cases: [Case] = []
    /// Groups of case indices (into `cases`) linked by variables; each runs in order.
    public private(set) var chains: [[Int]] = []
    /// For each case (by index into `cases`), the indices of the cases that capture a variable it
    /// uses: its direct prerequisites, always earlier in run order.
    public private(set) var prerequisites: [[Int]] = []
    /// Variables used but never captured, and capture cycles.
    public private(set) var problems: [ContractProblem] = []

    /// The resources the contract describes, which orders the calls built from schemas.
    public let resources: ResourceModel

    /// Variables every case may use without a capture.
    public static let builtInVariables: Set<String> = ["baseURL"]

    public init(contract: Contract) {
        var unordered: [Case] = []
        var pointers: [JSONPointer] = []
        // The resource each case acts on: cases of one resource share a chain, in written order.
        var families: [String] = []
        let model = ResourceModel(contract: contract)
        resources = model
        let (steps, afterDelete) = LifecyclePlanner(contract: contract, model: model).steps()
        func present(_ resource: String) -> Set<Resource.Role> {
            Set(steps.values.filter { $0.resource == resource }.map(\.role))
        }
        for endpoint in contract.endpoints {
            if endpoint.examples.isEmpty {
                var generated = Case(
                    id: "\(endpoint.id)/generated", endpointID: endpoint.id, exampleIndex: nil,
                    name: "call built from the schemas", uses: [], captures: [])
                if let step = steps[endpoint.id] {
                    (generated.uses, generated.captures) = LifecyclePlanner.variables(
                        of: step, present: present(step.resource))
                    generated.lifecycle = step
                }
                unordered.append(generated)
                pointers.append(endpoint.pointer)
                families.append(model.family(of: endpoint.path))
                if let step = afterDelete[endpoint.id] {
                    let (uses, captures) = LifecyclePlanner.variables(
                        of: step, present: present(step.resource))
                    unordered.append(
                        Case(
                            id: "\(endpoint.id)/after delete", endpointID: endpoint.id, exampleIndex: nil,
                            name: "read after the delete", uses: uses, captures: captures, lifecycle: step))
                    pointers.append(endpoint.pointer)
                    families.append(model.family(of: endpoint.path))
                }
            }
            for (index, example) in endpoint.examples.enumerated() {
                unordered.append(
                    Case(
                        id: "\(endpoint.id)/\(example.name)", endpointID: endpoint.id, exampleIndex: index,
                        name: example.name,
                        uses: example.usedVariables.subtracting(Self.builtInVariables).filter {
                            !Template.isExternal($0)
                        },
                        captures: example.capturedVariables))
                pointers.append(example.pointer)
                families.append(model.family(of: endpoint.path))
            }
        }
        var capturers: [String: [Int]] = [:]
        for (index, planned) in unordered.enumerated() {
            for variable in planned.captures { capturers[variable, default: []].append(index) }
        }
        // Dependencies: a case depends on every case that captures a variable it uses.
        var dependencies = Array(repeating: Set<Int>(), count: unordered.count)
        for (index, planned) in unordered.enumerated() {
            for variable in planned.uses.sorted() {
                guard let sources = capturers[variable] else {
                    var message = "variable \"{{\(variable)}}\" is used but no example captures it"
                    if let suggestion = Suggestion.closest(to: variable, in: capturers.keys) {
                        message += "; did you mean \"{{\(suggestion)}}\"?"
                    }
                    problems.append(ContractProblem(message, at: pointers[index]))
                    continue
                }
                dependencies[index].formUnion(sources.filter { $0 != index })
            }
        }
        // A DELETE built from the schemas without a lifecycle step (no call gives it an item of its
        // own) runs after the other built calls on its path, which name the same made-up item
        // (httpbin's DELETE /delay/{delay} is written before its PATCH): an order, not a
        // prerequisite (`--only` does not bring them along).
        var runsAfter = dependencies
        let endpoints = Dictionary(
            contract.endpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, planned) in unordered.enumerated()
        where planned.exampleIndex == nil && planned.lifecycle == nil
            && endpoints[planned.endpointID]?.method.uppercased() == "DELETE"
        {
            let path = endpoints[planned.endpointID]?.path.template
            for (other, candidate) in unordered.enumerated()
            where other != index && candidate.exampleIndex == nil && candidate.lifecycle == nil
                && endpoints[candidate.endpointID]?.path.template == path
            {
                runsAfter[index].insert(other)
            }
        }
        // Stable topological order: repeatedly take the first case (in document order) that is ready.
        var done = Array(repeating: false, count: unordered.count)
        var order: [Int] = []
        while order.count < unordered.count {
            guard
                let next = unordered.indices.first(where: { index in
                    !done[index] && runsAfter[index].allSatisfy { done[$0] }
                })
            else {
                let stuck = unordered.indices.filter { !done[$0] }
                let names = stuck.map { "\"\(unordered[$0].id)\"" }.joined(separator: ", ")
                for index in stuck {
                    problems.append(
                        ContractProblem(
                            "examples capture and use each other's variables in a cycle: \(names)",
                            at: pointers[index]))
                    dependencies[index] = []
                    runsAfter[index] = []
                }
                continue
            }
            done[next] = true
            order.append(next)
        }
        cases = order.map { unordered[$0] }
        var position = Array(repeating: 0, count: unordered.count)
        for (index, original) in order.enumerated() { position[original] = index }
        prerequisites = order.map { original in dependencies[original].map { position[$0] }.sorted() }
        // Chains: connected components over dependencies and resources, each in run order, so
        // examples that touch one resource never run beside each other, whatever the concurrency.
        var component = Array(0..<unordered.count)
        func root(_ index: Int) -> Int {
            var current = index
            while component[current] != current { current = component[current] }
            return current
        }
        for (index, sources) in dependencies.enumerated() {
            for source in sources { component[root(source)] = root(index) }
        }
        var firstOfFamily: [String: Int] = [:]
        for (index, family) in families.enumerated() {
            if let first = firstOfFamily[family] {
                component[root(index)] = root(first)
            } else {
                firstOfFamily[family] = index
            }
        }
        var chainOf: [Int: Int] = [:]
        for (position, original) in order.enumerated() {
            let key = root(original)
            if let chain = chainOf[key] {
                chains[chain].append(position)
            } else {
                chainOf[key] = chains.count
                chains.append([position])
            }
        }
    }

    /// The indices of `indices` together with every case they depend on, directly or through
    /// others, in run order: what must run for those cases to have their variables.
    public func closure(of indices: some Sequence<Int>) -> [Int] {
        var needed = Set<Int>()
        var pending = Array(indices)
        while let next = pending.popLast() {
            guard needed.insert(next).inserted else { continue }
            pending.append(contentsOf: prerequisites[next])
        }
        return needed.sorted()
    }

    /// The index of the case with `id` in `cases`.
    public func index(of id: String) -> Int? { cases.firstIndex { $0.id == id } }

    /// The cases of shard `index` (1-based) of `count`: whole chains, dealt in turn, so every case
    /// lands in exactly one shard and captured variables stay with the cases that use them.
    public func shard(_ index: Int, of count: Int) -> [Case] {
        precondition(count >= 1 && (1...count).contains(index), "shard must be i/n with 1 ≤ i ≤ n")
        var positions: [Int] = []
        for (chainIndex, chain) in chains.enumerated() where chainIndex % count == index - 1 {
            positions.append(contentsOf: chain)
        }
        return positions.sorted().map { cases[$0] }
    }
}
