import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// A contract written as a new user writes one: create a todo, list the todos (the new one among
/// them), read it, delete it. The examples touch one resource, so they run in the written order.
@Suite("A contract runs in the order it is written", .serialized)
struct WrittenOrderTests {
    static let contractPath = Fixtures.path("todo-written-order.json")

    @Test("the todo contract passes against its own mock at every concurrency, every time")
    func passesAtEveryConcurrency() async throws {
        let contract = try ContractLoader.load(file: Self.contractPath)
        for concurrency in [1, 4, 8] {
            for _ in 0..<3 {
                let mock = ContractMock(contract: contract)
                let baseURL = try mock.start()
                defer { mock.shutdown() }
                let result = await Replayer(
                    contract: contract, configuration: .init(baseURL: baseURL, concurrency: concurrency)
                ).run()
                let failed = result.cases.filter { $0.outcome != .passed }
                #expect(
                    failed.isEmpty,
                    "--concurrency \(concurrency): \(failed.map { "\($0.id): \($0.findings.map(\.message))" })")
                let created = try #require(result.cases.first { $0.endpointID == "createTodo" })
                let listed = try #require(result.cases.first { $0.endpointID == "listTodos" })
                let id = try #require(Self.body(of: created)?["id"])
                let ids = Self.body(of: listed)?.arrayValue?.compactMap { $0["id"] } ?? []
                #expect(ids.contains(id), "the listing holds the todo created before it")
            }
        }
    }

    @Test("examples of one resource form one chain, in written order")
    func oneChainPerResource() throws {
        let plan = Plan(contract: try ContractLoader.load(file: Self.contractPath))
        #expect(plan.chains.count == 1)
        #expect(
            plan.cases.map(\.endpointID) == ["createTodo", "listTodos", "getTodo", "deleteTodo"])
    }

    @Test("examples of independent resources still run apart")
    func independentResourcesRunApart() throws {
        let contract = try ContractLoader.load(file: Fixtures.packageFile("Contracts/restaurant.json"))
        let plan = Plan(contract: contract)
        #expect(plan.chains.count > 1)
    }

    static func body(of result: CaseResult) -> JSONValue? {
        result.response.flatMap { try? JSONParser.parse($0.body) }
    }
}
