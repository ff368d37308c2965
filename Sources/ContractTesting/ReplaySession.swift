import ContractKit
import JSONSchema

/// Runs a contract's cases on demand, each at most once, running first the cases that capture the
/// variables it uses, so test arguments can run in any order and in parallel.
actor ReplaySession {
    private let replayer: Replayer
    private var finished: [String: (result: CaseResult, captured: [String: JSONValue])] = [:]
    private var running: [String: Task<(result: CaseResult, captured: [String: JSONValue]), Never>] = [:]

    init(replayer: Replayer) { self.replayer = replayer }

    func result(for id: String) async -> (result: CaseResult, captured: [String: JSONValue])? {
        if let done = finished[id] { return done }
        if let task = running[id] { return await task.value }
        let plan = replayer.plan
        guard let index = plan.index(of: id) else { return nil }
        let planned = plan.cases[index]
        let prerequisites = plan.prerequisites[index].map { plan.cases[$0] }
        let task = Task {
            var variables: [String: JSONValue] = [:]
            for prerequisite in prerequisites {
                if let outcome = await self.result(for: prerequisite.id) {
                    variables.merge(outcome.captured) { _, new in new }
                }
            }
            let (result, captured) = await self.replayer.run(planned, variables: variables)
            return (result: result, captured: captured)
        }
        running[id] = task
        let value = await task.value
        finished[id] = value
        running[id] = nil
        return value
    }
}
