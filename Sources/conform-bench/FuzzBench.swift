import ContractFuzz
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

/// Cases per second of the Codable fuzz pipeline (generate a `MenuResponse` instance, serialize,
/// validate, decode with `JSONDecoder`, classify the outcome) against `JSONDecoder` alone decoding
/// the same payloads.
///
/// The target (≤ 2×) says the fuzzer's own work must cost less than the decode it is testing.
struct FuzzBench {
    let contractDocument: JSONValue
    let contractBaseURI: String
    let cases: Int
    let repetitions: Int

    func run() throws -> [BenchRow] {
        let pointer = JSONPointer(tokens: ["schemas", "MenuResponse"])
        let generator = InstanceGenerator(
            document: contractDocument, baseURI: contractBaseURI)
        let schema = try Schema(document: contractDocument, at: pointer, baseURI: contractBaseURI)
        let serializer = JSONSerializer()
        var payloads: [Data] = []
        var classified = (decoded: 0, rejected: 0, invalid: 0, ungenerated: 0)
        var timing = PairedTiming()
        for _ in 0..<repetitions {
            payloads.removeAll(keepingCapacity: true)
            classified = (0, 0, 0, 0)
            var rng = SeededRandom(seed: 42)
            timing.subject.append(
                Stopwatch.time {
                    let decoder = JSONDecoder()
                    for _ in 0..<cases {
                        guard let value = try? generator.instance(at: pointer, using: &rng) else {
                            classified.ungenerated += 1
                            continue
                        }
                        let data = Data(serializer.bytes(value))
                        guard schema.validate(value).isValid else {
                            classified.invalid += 1
                            continue
                        }
                        if (try? decoder.decode(MenuResponseModel.self, from: data)) != nil {
                            classified.decoded += 1
                        } else {
                            classified.rejected += 1
                        }
                        payloads.append(data)
                    }
                })
            let batch = payloads
            timing.baseline.append(
                Stopwatch.time {
                    let decoder = JSONDecoder()
                    for data in batch { _ = try? decoder.decode(MenuResponseModel.self, from: data) }
                })
        }
        let ours = Double(cases) / timing.subjectSeconds
        let bare = Double(cases) / timing.baselineSeconds
        let cost = timing.slowdown
        let outcome =
            "\(classified.decoded) decoded, \(classified.rejected) rejected, \(classified.invalid) invalid, \(classified.ungenerated) not generated"
        return [
            BenchRow(
                area: "Codable fuzz", name: "MenuResponse: generate+validate+decode (\(outcome))",
                measured: Figure.perSecond(ours, "cases"),
                baseline: "JSONDecoder alone \(Figure.perSecond(bare, "cases"))",
                ratio: Figure.times(cost), target: "≤ 2.00×", met: cost <= 2)
        ]
    }
}
