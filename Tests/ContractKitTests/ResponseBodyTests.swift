import JSONSchema
import Testing

@testable import ConformHTTP
@testable import ContractKit

/// A valid response is judged on its tape alone; the tree that messages, captures and assertions
/// read is built only for them. This keeps a healthy server's replay at one parse per body.
@Suite("the response body is built as a tree only when something reads it")
struct ResponseBodyTests {
    private func outcome(body: String, example: String = "") throws -> ResponseChecker.Outcome {
        let text = """
            {"conform": 1, "name": "Lazy", "version": "1",
             "endpoints": [{"id": "a", "method": "GET", "path": "/a", \(example)
                            "responses": {"200": {"contentType": "application/json",
                              "schema": {"type": "object", "required": ["id"],
                                         "properties": {"id": {"type": "integer"}}}}}}]}
            """
        return try checkJSONResponse(body, contract: text)
    }

    @Test("a valid body passes every check without building its tree, which is still there to read")
    func validBody() throws {
        let result = try outcome(body: #"{"id": 7, "name": "x"}"#)
        #expect(result.findings.isEmpty)
        let parsed = try #require(result.parsedBody)
        #expect(!parsed.isTreeBuilt)
        #expect(result.body?["id"] == 7)
        #expect(parsed.isTreeBuilt)
    }

    @Test("an invalid body is built once and its finding points into it")
    func invalidBody() throws {
        let result = try outcome(body: #"{"id": "seven"}"#)
        let finding = try #require(result.findings.first)
        #expect(finding.check == .responseSchemaConformance)
        #expect(finding.pointer == "/id")
        #expect(result.parsedBody?.isTreeBuilt == true)
    }

    @Test("an example's assertions read the tree")
    func assertions() throws {
        let result = try outcome(
            body: #"{"id": 7}"#,
            example: #""examples": [{"name": "one", "assert": [{"path": "/id", "equals": 8}]}],"#)
        #expect(result.findings.map(\.check) == [.assertions])
        #expect(result.parsedBody?.isTreeBuilt == true)
    }

    @Test("a body that is not JSON is one finding, with nothing to build")
    func notJSON() throws {
        let result = try outcome(body: "{oops")
        #expect(result.findings.map(\.check) == [.responseSchemaConformance])
        #expect(result.body == nil)
    }

    @Test("a body nested to the reader's limit against a recursive schema is judged, not a crash")
    func deepBody() async throws {
        let text = """
            {"conform": 1, "name": "Deep", "version": "1",
             "schemas": {"Node": {"type": "array", "items": {"$ref": "#/schemas/Node"},
                                  "unevaluatedItems": false}},
             "endpoints": [{"id": "a", "method": "GET", "path": "/a",
                            "responses": {"200": {"contentType": "application/json",
                                                  "schema": {"$ref": "#/schemas/Node"}}}}]}
            """
        let contract = try ContractLoader.load(bytes: Array(text.utf8))
        let endpoint = try #require(contract.endpoint("a"))
        let checker = ResponseChecker(contract: contract, schemas: ContractSchemas(contract: contract))
        let depth = JSONParser.defaultMaximumDepth
        func check(_ body: String) async -> ResponseChecker.Outcome {
            // A task, so the check runs where replay runs it: on the cooperative pool's small stacks.
            await Task.detached {
                checker.check(
                    HTTPResponse(
                        status: 200, headers: [HeaderField("Content-Type", "application/json")],
                        body: Array(body.utf8)),
                    to: HTTPRequest(method: "GET", url: "http://localhost/a"), endpoint: endpoint)
            }.value
        }
        let valid = await check(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(valid.findings.isEmpty)
        let invalid = await check(
            String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
        #expect(invalid.findings.map(\.check) == [.responseSchemaConformance])
        #expect(invalid.findings.first?.pointer?.hasSuffix("/0/0/0") == true)
    }
}
