import Foundation
import JSONSchema
import Testing

@testable import ContractKit

@Suite struct ContractFormatSchemaTests {
    /// The shipped file is rendered from `ContractShape`; after changing the declaration, rewrite it
    /// with `CONFORM_RECORD_GOLDEN=1 swift test --filter ContractFormatSchemaTests` and review the diff.
    @Test("the embedded schema is docs/contract-format.schema.json, byte for byte")
    func embeddedTextMatchesDocs() throws {
        let path = Fixtures.packageFile("docs/contract-format.schema.json")
        let environment = ProcessInfo.processInfo.environment
        if environment["CONFORM_RECORD_GOLDEN"] == "1" && (environment["CI"] ?? "").isEmpty {
            let current = FileManager.default.contents(atPath: path).map { Array($0) }
            guard current != Array(ContractFormatSchema.text.utf8) else { return }
            try ContractFormatSchema.text.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                "rewrote \(path) from ContractShape; review it, then run again without CONFORM_RECORD_GOLDEN")
            return
        }
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(
            Array(ContractFormatSchema.text.utf8) == Array(data),
            """
            docs/contract-format.schema.json differs from the format ContractShape declares; rewrite it with \
            CONFORM_RECORD_GOLDEN=1 swift test --filter ContractFormatSchemaTests
            """)
    }

    @Test("the embedded schema compiles offline")
    func compiles() {
        #expect(ContractFormatSchema.compiled != nil)
    }

    @Test(
        "shipped contracts load with no problems",
        arguments: ["Contracts/restaurant.json", "Contracts/thecatapi.json"])
    func shippedContractsAreClean(_ file: String) throws {
        let outcome = ContractLoader.read(file: Fixtures.packageFile(file))
        #expect(outcome.problems.map(\.description) == [])
        #expect(outcome.contract != nil)
    }

    @Test(
        "shipped contracts are valid by the format schema itself",
        arguments: ["Contracts/restaurant.json", "Contracts/thecatapi.json"])
    func shippedContractsMatchSchema(_ file: String) throws {
        let data = try #require(FileManager.default.contents(atPath: Fixtures.packageFile(file)))
        let document = try JSONParser.parse(Array(data))
        let schema = try #require(ContractFormatSchema.compiled)
        #expect(schema.validate(document).errors.map(\.description) == [])
    }

    @Test("x- extension keys are accepted wherever the decoder ignores them")
    func extensionKeys() {
        let text = #"""
            {"conform": 1, "name": "n", "version": "1", "x-owner": "team",
             "checks": {"max_response_time": {"enabled": false, "x-why": "slow CI"}},
             "endpoints": [{"id": "e", "method": "GET", "path": "/m", "x-note": 1,
               "parameters": {"x-p": 1, "query": {"q": {"x-q": 1}}},
               "responses": {"200": {"x-r": 1, "headers": {"ETag": {"x-h": 1}}}},
               "examples": [{"name": "a", "x-e": 1, "expect": {"status": 200, "x-s": 1},
                 "capture": {"v": {"pointer": "/id", "x-c": 1}},
                 "assert": [{"path": "/id", "exists": true, "x-a": 1}]}]}]}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8))
        #expect(outcome.problems.map(\.description) == [])
    }

    @Test("the schema reports what the decoder reports, and the loader keeps only the decoder's message")
    func decoderMessagesWin() throws {
        let text =
            #"{"conform": 1, "name": "n", "version": "1", "endpoints": [{"id": "e", "method": "GET", "path": "/m", "responses": {"200": {}}, "examlpes": []}]}"#
        let document = try JSONParser.parse(text)
        let unfiltered = ContractLoader.formatProblems(in: document, besides: [])
        #expect(unfiltered.map(\.pointer.displayText) == ["/endpoints/0/examlpes"])
        #expect(unfiltered.first?.message.hasPrefix("does not match the contract format: ") == true)
        let outcome = ContractLoader.read(bytes: Array(text.utf8))
        #expect(
            outcome.problems.map(\.message) == [
                "unknown key \"examlpes\" in an endpoint; did you mean \"examples\"?"
            ])
    }

    @Test("a decoder problem on an array hides the schema's errors inside it; one on an object does not")
    func dedupeRule() throws {
        let document = try JSONParser.parse(
            #"{"conform": 1, "version": "1", "endpoints": [{"id": "e", "method": "GET", "path": "/m", "tags": ["a", 5], "responses": {"200": {}}, "examlpes": []}]}"#
        )
        let decoded = [
            ContractProblem("missing required key \"name\"", at: .root),
            ContractProblem(
                "\"tags\" must be an array of strings", at: JSONPointer(tokens: ["endpoints", "0", "tags"])),
        ]
        let kept = ContractLoader.formatProblems(in: document, besides: decoded)
        #expect(kept.map(\.pointer.displayText) == ["/endpoints/0/examlpes"])
    }
}

@Suite struct ContractFormatCheckNamesTests {
    @Test("the format schema names every check a contract may configure, and no other")
    func checkNamesMatch() throws {
        let text = try #require(
            FileManager.default.contents(atPath: Fixtures.packageFile("docs/contract-format.schema.json")))
        let schema = try JSONParser.parse(Array(text))
        let names = try #require(schema["$defs"]?["checks"]?["properties"]?.objectValue?.keys)
        #expect(Set(names) == Set(CheckName.allCases.map(\.rawValue)))
    }
}
