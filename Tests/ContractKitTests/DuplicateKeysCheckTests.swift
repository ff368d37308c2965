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
}
