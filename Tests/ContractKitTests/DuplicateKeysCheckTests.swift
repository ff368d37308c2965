import ContractKit
import JSONSchema
import Testing

@Suite("duplicate_keys check")
struct DuplicateKeysCheckTests {
    private func outcome(body: String, checks: String = "{}") throws -> ResponseChecker.Outcome {
        let text = """
            {"conform": 1, "name": "Dup", "version": "1", "checks": \(checks),
             "endpoints": [{"id": "a", "method": "GET", "path": "/a",
                            "responses": {"200": {"contentType": "application/json",
                                                  "schema": {"type": "object"}}}}]}
            """
        return try checkJSONResponse(body, contract: text)
    }

    @Test("a body with a key given twice gets its own finding and still validates")
    func finding() throws {
        let result = try outcome(body: #"{"id": 1, "items": [{"n": 1, "n": 2}]}"#)
        #expect(result.checksRun.contains(.duplicateKeys))
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.check == .duplicateKeys)
        #expect(finding.pointer == "/items/0/n")
        #expect(finding.message.contains("\"n\" twice"))
        #expect(finding.message.contains("1:22"))
        #expect(result.body?["items"]?[0]?["n"] == 2)
    }

    @Test("the check can be turned off like any other")
    func turnedOff() throws {
        let result = try outcome(body: #"{"a": 1, "a": 1}"#, checks: #"{"duplicate_keys": false}"#)
        #expect(result.findings.isEmpty)
        #expect(!result.checksRun.contains(.duplicateKeys))
    }

    @Test("a contract file with a duplicate key is still an error with its position")
    func contractStaysStrict() {
        let text =
            "{\"conform\": 1,\n \"conform\": 1, \"name\": \"x\", \"version\": \"1\", \"endpoints\": []}"
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "dup.json")
        #expect(outcome.contract == nil)
        let problem = outcome.problems.first.map { "\($0)" } ?? ""
        #expect(problem.contains("duplicate key \"conform\""), "\(problem)")
        #expect(problem.contains("2:2"), "\(problem)")
    }

    @Test("a JSON description with a key given twice loads with a warning at the second, the last value kept")
    func descriptionKeepsLast() throws {
        let text = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "old"}}}}},
             "paths": {"/b": {"get": {"responses": {"200": {"description": "kept"}}}}}}
            """
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "dup.json")
        let contract = try #require(outcome.contract, "\(outcome.problems)")
        #expect(contract.endpoints.map(\.path.template) == ["/b"])
        let warning = try #require(outcome.problems.first { $0.message.contains("duplicate key") })
        #expect(warning.severity == .warning)
        #expect("\(warning)".contains("dup.json:3:2"), "\(warning)")
        #expect(ContractLoader.read(bytes: Array(text.utf8), file: "dup.json", strict: true).hasErrors)
    }

    @Test("YAML read leniently that still cannot be read names what stops it, not the leniency")
    func lenientYAMLShowsTheRealProblem() {
        let text = """
            swagger: "2.0"
            info: {title: T, version: "1"}
            produces: [application/json]
            produces: [application/json]
            definitions:
              Resources:
                type: object
                required: [a, b,
                c]
            paths: {}
            """
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "dup.yaml")
        let problem = outcome.problems.first.map { "\($0)" } ?? ""
        #expect(outcome.contract == nil)
        #expect(problem.contains("duplicate key \"produces\""), "\(problem)")
        #expect(problem.contains("dup.yaml:4:1"), "\(problem)")
    }
}
