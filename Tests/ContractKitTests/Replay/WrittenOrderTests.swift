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
                    "--concurrency \(concurrency): \(failed.map { "\($0.id): \($0.findings.map(\.message))" })"
                )
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

    @Test("examples of independent resources still run apart; a nested one runs with its parent")
    func independentResourcesRunApart() throws {
        let id = #"{"path": {"id": {"schema": {"type": "integer"}}}}"#
        let text = #"""
            {"conform": 1, "name": "two resources", "version": "1", "endpoints": [
              {"id": "listTodos", "method": "GET", "path": "/todos", "responses": {"200": {}}, "examples": [{"name": "all"}]},
              {"id": "getTodo", "method": "GET", "path": "/todos/{id}", "responses": {"200": {}}, "parameters": \#(id),
               "examples": [{"name": "one", "pathParameters": {"id": 1}}]},
              {"id": "listNotes", "method": "GET", "path": "/todos/{id}/notes", "responses": {"200": {}}, "parameters": \#(id),
               "examples": [{"name": "its notes", "pathParameters": {"id": 1}}]},
              {"id": "listTags", "method": "GET", "path": "/tags", "responses": {"200": {}}, "examples": [{"name": "all"}]},
              {"id": "getTag", "method": "GET", "path": "/tags/{name}", "responses": {"200": {}},
               "parameters": {"path": {"name": {"schema": {"type": "string"}}}},
               "examples": [{"name": "one", "pathParameters": {"name": "home"}}]}
            ]}
            """#
        let plan = Plan(contract: try ContractLoader.load(bytes: Array(text.utf8)))
        let chains = plan.chains.map { $0.map { plan.cases[$0].endpointID } }
        #expect(chains == [["listTodos", "getTodo", "listNotes"], ["listTags", "getTag"]])
    }

    static func body(of result: CaseResult) -> JSONValue? {
        result.response.flatMap { try? JSONParser.parse($0.body) }
    }
}
