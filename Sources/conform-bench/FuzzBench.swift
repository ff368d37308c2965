import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// The client model the fuzz pipeline decodes into: what an app would write for `MenuResponse`.
struct MenuResponseModel: Decodable {
    struct Item: Decodable {
        var id: Int
        var name: String
        var description: String
        var price: Double
        var category: String
        var imageURL: String

        enum CodingKeys: String, CodingKey {
            case id, name, description, price, category
            case imageURL = "image_url"
        }
    }

    var items: [Item]
}

/// Cases per second of a whole Codable fuzz run (`CodableFuzzer.fuzzDecoding` of `MenuResponse`
/// against the 200 response of `listMenu`: every valid payload, mutation and malformed body
/// decoded and judged, each finding shrunk) against `JSONDecoder` alone decoding the same payloads.
///
/// Two rows, because a run's cost has two parts. Generating the payloads and validating each
/// against the schema does not depend on the model, so `CodableFuzzer` does it once per process
/// and schema; every model fuzzed against that schema (a suite checks several, or broken variants
/// of one) pays only for decoding and judging. The first row is that per-model cost; the second
/// is what `swift test` pays, a run with a schema and seed the process has not seen, generation
/// and verdicts included. Both have #17's target, ≤ 4× the bare decode.
struct FuzzBench {
    let contractDocument: JSONValue
    let contractBaseURI: String
    let cases: Int
    let repetitions: Int

    func run() throws -> [BenchRow] {
        let contract = try ContractLoader.load(
            bytes: JSONSerializer().bytes(contractDocument), file: "restaurant.json")
        let target = FuzzTarget.response(200, of: "listMenu")
        var warm = PairedTiming()
        var cold = PairedTiming()
        var report: FuzzReport?
        var payloadCount = 0
        for repetition in 0..<repetitions {
            // A new seed per repetition is a schema the process has not seen: a cold run.
            let fresh = CodableFuzzer(contract: contract, cases: cases, seed: 1_000 + UInt64(repetition))
            cold.subject.append(Stopwatch.time { _ = fresh.fuzzDecoding(MenuResponseModel.self, target) })
            let fuzzer = CodableFuzzer(contract: contract, cases: cases, seed: 42)
            let bytes = try fuzzer.payloads(target).map { Data($0.bytes) }
            payloadCount = bytes.count
            warm.subject.append(
                Stopwatch.time { report = fuzzer.fuzzDecoding(MenuResponseModel.self, target) })
            let bare = Stopwatch.time {
                let decoder = JSONDecoder()
                for data in bytes { _ = try? decoder.decode(MenuResponseModel.self, from: data) }
            }
            warm.baseline.append(bare)
            cold.baseline.append(bare)
        }
        let findings =
            report.map { "\($0.failures.count) failures, \($0.warnings.count) warnings" } ?? "no run"
        let bare = Double(payloadCount) / warm.baselineSeconds
        return [
            BenchRow(
                area: "Codable fuzz",
                name:
                    "MenuResponse: whole fuzz run, payloads and verdicts cached (\(payloadCount) payloads, \(findings))",
                measured: Figure.perSecond(Double(payloadCount) / warm.subjectSeconds, "cases"),
                baseline: "JSONDecoder alone \(Figure.perSecond(bare, "cases"))",
                ratio: Figure.times(warm.slowdown), target: "≤ 4.00×", met: warm.slowdown <= 4),
            BenchRow(
                area: "Codable fuzz", name: "MenuResponse: first run in a process, generation included",
                measured: Figure.perSecond(Double(payloadCount) / cold.subjectSeconds, "cases"),
                baseline: "JSONDecoder alone \(Figure.perSecond(bare, "cases"))",
                ratio: Figure.times(cold.slowdown), target: "≤ 4.00×", met: cold.slowdown <= 4),
        ]
    }
}
