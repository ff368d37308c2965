import ConformHTTP
import ContractKit
import Foundation
import Testing

@testable import ContractReports

@Suite("ResultsMerge")
struct ResultsMergeTests {
    static func shard(_ index: Int, _ cases: [CaseResult], startOffset: Double, seconds: Int64) -> RunResult {
        RunResult(
            contractName: "Coffee", contractVersion: "1.2.0", contractFile: "contracts/coffee.json",
            baseURL: "http://localhost:8080", startedAt: RunFixtures.start.addingTimeInterval(startOffset),
            duration: .seconds(seconds), cases: cases, shard: "\(index)/3", seed: 42, toolVersion: "0.4.0",
            coverage: [
                EndpointCoverage(
                    endpointID: "listMenu", declared: ["200", "404"], seen: index == 2 ? [404] : [200],
                    unexercised: index == 2 ? ["200"] : ["404"])
            ])
    }

    static let shards = [
        shard(
            1, [RunFixtures.passed("listMenu", "a"), RunFixtures.passed("listMenu", "b")], startOffset: 2,
            seconds: 10),
        shard(
            2, [RunFixtures.failed("createOrder", "tea", body: []), RunFixtures.passed("listMenu", "a")],
            startOffset: 0, seconds: 5),
        shard(3, [RunFixtures.errored("deleteOrder", "seven")], startOffset: 1, seconds: 4),
    ]

    @Test("three shards become one run")
    func threeShards() throws {
        let merged = try ResultsMerge.mergeReporting(Self.shards)
        let run = merged.result
        #expect(merged.warnings.isEmpty, "\(merged.warnings)")
        #expect(run.cases.map(\.id) == ["listMenu/a", "listMenu/b", "createOrder/tea", "deleteOrder/seven"])
        #expect(run.shard == nil)
        #expect(run.startedAt == RunFixtures.start)
        #expect(run.duration == .seconds(12))
        #expect(run.seed == 42)
        #expect(run.coverage.count == 1)
        #expect(run.coverage[0].seen == [200, 404])
        #expect(run.coverage[0].unexercised.isEmpty)
        #expect(!run.isSuccessful)
    }

    @Test("a case that differs between shards keeps its worst outcome, with a warning")
    func conflictingCase() throws {
        var shards = Self.shards
        shards[2].cases.append(RunFixtures.failed("listMenu", "b", body: []))
        let merged = try ResultsMerge.mergeReporting(shards)
        #expect(
            merged.result.cases.map(\.id) == [
                "listMenu/a", "listMenu/b", "createOrder/tea", "deleteOrder/seven",
            ])
        #expect(merged.result.cases[1].outcome == .failed)
        #expect(
            merged.warnings == [
                "case listMenu/b ran in results 1, 3 with different results (passed, failed); kept failed"
            ])
    }

    @Test("different contracts cannot be merged")
    func contractMismatch() {
        var shards = Self.shards
        shards[1].contractVersion = "1.3.0"
        #expect(
            throws: MergeError.contractMismatch(
                index: 1, expected: "\"Coffee\" 1.2.0", found: "\"Coffee\" 1.3.0")
        ) {
            try ResultsMerge.merge(shards)
        }
        let message = MergeError.contractMismatch(
            index: 1, expected: "\"Coffee\" 1.2.0", found: "\"Tea\" 1.2.0"
        ).description
        #expect(
            message.contains("result 2 is for contract \"Tea\" 1.2.0, but the first is for \"Coffee\" 1.2.0"))
        #expect(throws: MergeError.noResults) { try ResultsMerge.merge([]) }
    }

    @Test("missing shards, differing seeds and interruptions are reported")
    func warnings() throws {
        var shards = Array(Self.shards.prefix(2))
        shards[1].seed = 7
        shards[1].interrupted = true
        let merged = try ResultsMerge.mergeReporting(shards)
        #expect(merged.warnings.contains("shard 3 of 3 missing"))
        #expect(merged.warnings.contains("the shards used different seeds; the merged run has none"))
        #expect(merged.result.seed == nil)
        #expect(merged.result.interrupted)
    }

    @Test("merged results survive the JSON format")
    func mergedRoundTrip() throws {
        let run = try ResultsMerge.merge(Self.shards)
        let decoded = try ResultsJSON.decode(ResultsJSON.encode(run))
        #expect(decoded == run)
    }
}
