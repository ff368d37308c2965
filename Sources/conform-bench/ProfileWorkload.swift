import ContractKit
import JSONSchema

/// A small, fixed workload for `valgrind --tool=callgrind`, which counts instructions repeatably
/// where wall-clock figures on a shared machine cannot: a 1 MB menu parsed, or validated, 3 times.
enum ProfileWorkload {
    static func run(_ phase: String) throws {
        let menu = MenuFixture.menu(bytes: 1_000_000)
        switch phase {
        case "validator":
            let contract = try ContractLoader.load(file: "Contracts/restaurant.json")
            let schema = try Schema(
                document: contract.document, at: JSONPointer(tokens: ["schemas", "MenuResponse"]),
                baseURI: contract.baseURI)
            let value = try JSONParser.parse(menu)
            for _ in 0..<3 where !schema.validate(value).isValid {
                throw BenchFailure("the profiling menu is invalid")
            }
        case "tape-validator":
            let contract = try ContractLoader.load(file: "Contracts/restaurant.json")
            let schema = try Schema(
                document: contract.document, at: JSONPointer(tokens: ["schemas", "MenuResponse"]),
                baseURI: contract.baseURI)
            let tape = try JSONTape.parse(menu)
            for _ in 0..<3 where !schema.isValid(tape) {
                throw BenchFailure("the profiling menu is invalid")
            }
        case "tape-heavy":
            let schema = try Schema(try JSONParser.parse(HeavySchemaFixture.schema))
            let tape = try JSONTape.parse(HeavySchemaFixture.instance(bytes: 300_000))
            for _ in 0..<3 where !schema.isValid(tape) { throw BenchFailure("the heavy instance is invalid") }
        case "tape":
            for _ in 0..<3 { _ = try JSONTape.parse(menu) }
        default:
            for _ in 0..<3 { _ = try JSONParser.parse(menu) }
        }
    }
}
