import ContractKit
import Foundation
import Testing

/// `conform validate` and the contract loader on Conform's JSON corpus
/// (Tests/JSONSchemaTests/Fixtures/json-corpus; docs/json-reading.md): the documented exit code per
/// group, a `file:line:column` for every rejected document, and no crash.
@Suite("validate: JSON corpus")
struct ValidateCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }

        /// `conform validate` skips one UTF-8 byte order mark, so `i_bom_` cases are accepted.
        var accepted: Bool {
            name.hasPrefix("y_") || name.hasPrefix("i_accept_") || name.hasPrefix("i_bom_")
        }
    }

    static let folder = packageRoot.appendingPathComponent("Tests/JSONSchemaTests/Fixtures/json-corpus")

    static let cases: [Case] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path)
            else { return nil }
            return Case(name: String(file.dropLast(5)), bytes: Array(data))
        }
    }()

    /// Every case in one folder, with a schema that accepts anything.
    static let workspace: Result<URL, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-json-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("anything.schema.json"))
        for testCase in cases {
            try Data(testCase.bytes).write(to: directory.appendingPathComponent(testCase.name + ".json"))
        }
        return directory
    }

    @Test("the corpus is there")
    func corpusIsThere() {
        #expect(Self.cases.count > 400, "read \(Self.cases.count) cases from \(Self.folder.path)")
    }

    @Test(
        "exit 0 for y_, i_accept_ and i_bom_, 2 with file:line:column for n_ and i_reject_", arguments: cases)
    func validate(testCase: Case) async throws {
        let directory = try Self.workspace.get()
        let file = directory.appendingPathComponent(testCase.name + ".json").path
        let schema = directory.appendingPathComponent("anything.schema.json").path
        // With a schema that accepts anything, and with none (a well-formedness check): the same.
        for schemaArguments in [["--schema", schema], []] {
            let result = await conform(["validate"] + schemaArguments + [file])
            check(testCase, file: file, result)
        }
    }

    private func check(_ testCase: Case, file: String, _ result: CommandOutput) {
        if testCase.accepted {
            #expect(result.code == .success, "\(testCase.name): \(result.err)")
            #expect(result.out.hasSuffix("\(file): valid"), "\(testCase.name): \(result.out)")
        } else {
            #expect(result.code == .usageOrContractError, "\(testCase.name): \(result.code) \(result.out)")
            let line = result.err.split(separator: "\n").first.map(String.init) ?? ""
            #expect(line.hasPrefix("error: \(file):1:") || line.hasPrefix("error: \(file):"), "\(line)")
            #expect(line.contains(": not valid JSON: "), "\(testCase.name): \(line)")
            let place = line.dropFirst("error: \(file):".count).split(separator: ":").prefix(2)
            #expect(place.count == 2 && place.allSatisfy { Int($0).map { $0 >= 1 } == true }, "\(line)")
        }
    }

    @Test("the contract loader: not valid JSON exactly for the rejected cases", arguments: cases)
    func contractLoader(testCase: Case) {
        let outcome = ContractLoader.read(bytes: testCase.bytes, file: "contract.json")
        let syntax = outcome.problems.filter { $0.message.hasPrefix("not valid JSON") }
        if testCase.accepted {
            // Contracts reject a repeated key, which is still JSON.
            #expect(
                syntax.allSatisfy { $0.message.contains("duplicate key") }, "\(testCase.name): \(syntax)")
        } else {
            #expect(syntax.count == 1, "\(testCase.name): \(outcome.problems)")
            #expect(syntax.first?.position != nil, "\(testCase.name)")
        }
    }

    @Test("nesting at the limit with self-applying schemas and YAML: no stack overflow in process")
    func deepInProcess() async throws {
        let schemas = [
            ##"{"items": {"$ref": "#"}, "additionalProperties": {"$ref": "#"}}"##,
            ##"{"anyOf": [{"type": "array"}, {"type": "object"}, true], "unevaluatedItems": {"$ref": "#"}, "unevaluatedProperties": {"$ref": "#"}}"##,
        ]
        let arrays = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let objects = String(repeating: "{\"a\":", count: 511) + "{}" + String(repeating: "}", count: 511)
        for schema in schemas {
            let schemaFile = try temporaryFile(schema, name: "schema.json")
            for document in [arrays, objects] {
                let file = try temporaryFile(document, name: "deep.json")
                let result = await conform("validate", "--schema", schemaFile, file)
                #expect(result.code == .success, "\(result.err)")
            }
        }
        let anything = try temporaryFile("{}", name: "schema.json")
        let yaml = try temporaryFile(
            "a: " + String(repeating: "[", count: 500) + String(repeating: "]", count: 500), name: "deep.yaml"
        )
        let result = await conform("validate", "--schema", anything, yaml)
        #expect(result.code == .success, "\(result.err)")
    }

    @Test("standard input: a byte order mark is skipped, runaway nesting is exit 2 naming the limit")
    func standardInput() async throws {
        let schema = try temporaryFile("{}", name: "schema.json")
        // Without a file name the content decides the syntax: `[`/`{` mean JSON.
        let mark = String(decoding: [0xEF, 0xBB, 0xBF] as [UInt8], as: UTF8.self)
        let result = await conform("validate", "--schema", schema, stdin: mark + "{\"a\": [1]}")
        #expect(result.code == .success, "\(result.err)")
        let deep = await conform(
            "validate", "--schema", schema, stdin: String(repeating: "[", count: 100_000))
        #expect(deep.code == .usageOrContractError)
        #expect(deep.err.contains("nesting deeper than 512 levels"), "\(deep.err)")
    }
}
