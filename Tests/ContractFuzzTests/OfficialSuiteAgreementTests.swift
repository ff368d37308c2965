import Foundation
import JSONSchema
import SchemaGeneration
import Testing

@testable import ContractFuzz

/// Runs the generator and mutator over every schema of the official JSON-Schema-Test-Suite
/// (draft 2020-12, required tests) and checks the results with the package's validator: anything
/// generated must validate, anything mutated must not. Schemas nothing can satisfy may throw.
enum OfficialSuite {
    static let directory: URL? = {
        let root =
            ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "shared/json-schema-test-suite")
        let tests = root.appendingPathComponent("tests/draft2020-12")
        guard FileManager.default.fileExists(atPath: tests.path) else {
            print(
                "Generator agreement with the JSON-Schema-Test-Suite skipped: not in \(tests.path) (set JSON_SCHEMA_TEST_SUITE to the suite root)"
            )
            return nil
        }
        return tests
    }()
}

@Suite("Official test suite schemas", .enabled(if: OfficialSuite.directory != nil))
struct OfficialSuiteAgreementTests {

    /// Files needing remote documents or vocabularies outside the generator's scope.
    static let skipped: Set<String> = ["refRemote.json", "vocabulary.json", "dynamicRef.json"]

    static let files: [String] = {
        guard let directory = OfficialSuite.directory else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !skipped.contains($0) }.sorted()
    }()

    @Test("generated instances validate and mutations do not", arguments: files)
    func agreement(file: String) throws {
        let url = try #require(OfficialSuite.directory).appendingPathComponent(file)
        let groups = try JSONParser.parse(Array(try Data(contentsOf: url)))
        for group in groups.arrayValue ?? [] {
            guard let json = group["schema"], let schema = try? Schema(json) else { continue }
            let label = group["description"]?.stringValue ?? ""
            let generator = InstanceGenerator(document: json)
            var values: [JSONValue] = []
            for seed in UInt64(0)..<6 {
                var rng = SeededRandom(seed: seed)
                guard let value = try? generator.instance(for: json, using: &rng) else { continue }
                #expect(schema.isValid(value), "\(label): \(value.compactText)")
                values.append(value)
            }
            for value in generator.boundaryInstances(for: json, limit: 8) {
                #expect(schema.isValid(value), "\(label): boundary \(value.compactText)")
                values.append(value)
            }
            let mutator = Mutator(document: json)
            for value in values.prefix(2) {
                for mutation in mutator.mutations(of: value, schema: json) {
                    #expect(!schema.isValid(mutation.value), "\(label): \(mutation.description)")
                }
            }
        }
    }
}
