import Foundation
import Testing

@testable import ContractKit

/// `--only`, `--skip` and `--shard` mean the same thing for `run`, `fuzz` and `ContractTesting`.
@Suite struct SelectionTests {
    private static func restaurant() throws -> Contract {
        try ContractLoader.load(file: Fixtures.packageFile("Contracts/restaurant.json"))
    }

    @Test("the plan exposes each case's prerequisites and their closure")
    func prerequisites() throws {
        let plan = Plan(
            contract: try PlanTests.contract([
                (id: "a", examples: #"{"name": "a", "capture": {"x": "/x"}}"#),
                (id: "b", examples: #"{"name": "b", "headers": {"X": "{{x}}"}, "capture": {"y": "/y"}}"#),
                (id: "c", examples: #"{"name": "c", "headers": {"Y": "{{y}}"}}"#),
                (id: "d", examples: #"{"name": "d"}"#),
            ]))
        #expect(plan.prerequisites == [[], [0], [1], []])
        #expect(plan.closure(of: [2]) == [0, 1, 2])
        #expect(plan.closure(of: [3]) == [3])
    }

    @Test("a chosen case brings the cases that capture what it uses")
    func onlyKeepsPrerequisites() throws {
        let contract = try Self.restaurant()
        let cases = Selection(only: ["placeOrder"]).cases(of: Plan(contract: contract), in: contract)
        let selected = cases.filter(\.selected).map(\.planned.id)
        #expect(selected.contains("listMenu/whole menu"))
        #expect(selected.contains { $0.hasPrefix("placeOrder/") })
        #expect(!selected.contains { $0.hasPrefix("getImage/") })
    }

    @Test("shards 1/n…n/n run every case once and fuzz every endpoint once", arguments: [1, 2, 3, 5])
    func shardsPartition(count: Int) throws {
        let contract = try Self.restaurant()
        let plan = Plan(contract: contract)
        var caseIDs: [String] = []
        var endpointIDs: [String] = []
        for index in 1...count {
            let selection = Selection(shard: .init(index: index, count: count))
            caseIDs += selection.cases(of: plan, in: contract).filter(\.selected).map(\.planned.id)
            endpointIDs += selection.endpoints(of: plan, in: contract).map(\.id)
        }
        #expect(caseIDs.sorted() == plan.cases.map(\.id).sorted())
        #expect(endpointIDs.sorted() == contract.endpoints.map(\.id).sorted())
    }

    @Test("a fuzzed endpoint lands in the shard of the chain that captures its values")
    func fuzzShardFollowsChains() throws {
        let contract = try Self.restaurant()
        let plan = Plan(contract: contract)
        for index in 1...2 {
            let selection = Selection(shard: .init(index: index, count: 2))
            let endpoints = Set(selection.endpoints(of: plan, in: contract).map(\.id))
            let cases = Set(selection.cases(of: plan, in: contract).map(\.planned.endpointID))
            #expect(endpoints.isSubset(of: cases))
        }
    }
}
