import Testing

@testable import ContractKit

@Suite struct PlanTests {
    /// A contract from endpoint JSON, each `(id, examples)`; every endpoint answers 200 on its own path.
    static func contract(_ endpoints: [(id: String, examples: String)]) throws -> Contract {
        let list = endpoints.map { endpoint in
            #"{"id": "\#(endpoint.id)", "method": "GET", "path": "/\#(endpoint.id)", "responses": {"200": {}}, "examples": [\#(endpoint.examples)]}"#
        }
        let text =
            #"{"conform": 1, "name": "plan", "version": "1", "endpoints": [\#(list.joined(separator: ", "))]}"#
        return try ContractLoader.load(bytes: Array(text.utf8))
    }

    @Test("an example that captures runs before the examples that use it; document order otherwise")
    func capturesFirst() throws {
        let plan = Plan(
            contract: try Self.contract([
                (id: "getItem", examples: #"{"name": "one item", "headers": {"X-Id": "{{itemId}}"}}"#),
                (id: "listMenu", examples: #"{"name": "all items", "capture": {"itemId": "/items/0/id"}}"#),
                (id: "categories", examples: #"{"name": "all categories"}"#),
            ]))
        #expect(plan.problems.isEmpty)
        #expect(
            plan.cases.map(\.id) == ["listMenu/all items", "getItem/one item", "categories/all categories"])
        #expect(plan.chains == [[0, 1], [2]])
        #expect(plan.cases[1].uses == ["itemId"])
        #expect(plan.cases[0].captures == ["itemId"])
    }

    @Test("baseURL is built in and needs no capture")
    func builtInBaseURL() throws {
        let plan = Plan(
            contract: try Self.contract([
                (id: "home", examples: #"{"name": "home", "headers": {"Referer": "{{baseURL}}/"}}"#)
            ]))
        #expect(plan.problems.isEmpty)
        #expect(plan.cases.first?.uses == [])
    }

    @Test("an endpoint without examples gets one case built from its schemas")
    func generatedCase() throws {
        let plan = Plan(contract: try Self.contract([(id: "health", examples: "")]))
        #expect(plan.cases.map(\.id) == ["health/generated"])
        #expect(plan.cases.first?.exampleIndex == nil)
    }

    /// Cases linked by captures (x: a1 → a2, d2; y: c1 → d1) and by shared paths (d1, d2; e1–e3).
    static func shardedContract() throws -> Contract {
        try contract([
            (
                id: "a",
                examples:
                    #"{"name": "a1", "capture": {"x": "/x"}}, {"name": "a2", "headers": {"X": "{{x}}"}}"#
            ),
            (id: "b", examples: #"{"name": "b1"}"#),
            (id: "c", examples: #"{"name": "c1", "capture": {"y": "/y"}}"#),
            (
                id: "d",
                examples:
                    #"{"name": "d1", "headers": {"Y": "{{y}}"}}, {"name": "d2", "headers": {"X": "{{x}}"}}"#
            ),
            (id: "e", examples: #"{"name": "e1"}, {"name": "e2"}, {"name": "e3"}"#),
        ])
    }

    @Test("shards cover every case exactly once and keep chains whole", arguments: 1...4)
    func sharding(_ count: Int) throws {
        let plan = Plan(contract: try Self.shardedContract())
        #expect(plan.problems.isEmpty)
        let shards = (1...count).map { plan.shard($0, of: count).map(\.id) }
        let dealt = shards.flatMap { $0 }
        #expect(dealt.count == plan.cases.count)
        #expect(Set(dealt) == Set(plan.cases.map(\.id)))
        for chain in plan.chains {
            let ids = Set(chain.map { plan.cases[$0].id })
            #expect(shards.filter { !ids.isDisjoint(with: $0) }.count == 1, "chain \(ids) is split")
        }
        for shard in shards {
            let positions = shard.compactMap { id in plan.cases.firstIndex { $0.id == id } }
            #expect(positions == positions.sorted(), "a shard keeps run order")
        }
    }

    @Test("the chains of the sharded contract: captures and shared paths link cases")
    func chains() throws {
        let plan = Plan(contract: try Self.shardedContract())
        let chains = plan.chains.map { $0.map { plan.cases[$0].name } }
        // d1 and d2 act on one path, so the chains of x (a) and y (c) meet there; e's three
        // examples act on one path too.
        #expect(chains == [["a1", "a2", "c1", "d1", "d2"], ["b1"], ["e1", "e2", "e3"]])
    }
}
