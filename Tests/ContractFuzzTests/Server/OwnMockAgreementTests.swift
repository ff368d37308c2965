import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

@testable import ContractFuzz

/// Shapes of real descriptions whose fuzzing against their own mock failed or left an operation
/// untested: each must now pass, with requests for every operation.
@Suite("Fuzzing a description's own mock", .serialized)
struct OwnMockAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var description: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // httpbin: `DELETE /anything/{anything}`, whose create names no item, was never sent.
        Case(
            name: "httpbin's /anything, a create that names no item",
            description: """
                {"swagger": "2.0", "info": {"title": "httpbin", "version": "1"}, "paths": {
                  "/anything": {
                    "get": {"produces": ["application/json"], "responses": {"200": {"description": "Anything."}}},
                    "post": {"produces": ["application/json"], "responses": {"200": {"description": "Anything."}}},
                    "delete": {"produces": ["application/json"], "responses": {"200": {"description": "Anything."}}}},
                  "/anything/{anything}": {
                    "get": {"produces": ["application/json"], "responses": {"200": {"description": "Anything."}}},
                    "delete": {"produces": ["application/json"], "responses": {"200": {"description": "Anything."}}}}}}
                """),
        // GitHub: the item's GET and PATCH declare no 404; the mock answered 200 after the delete.
        Case(
            name: "GitHub's comments, no 404 declared",
            description: RealShapes.gitHubComments),
        // Jupyter Server: sessions named by a uuid the item may leave out, beside a `name`.
        Case(
            name: "Jupyter's sessions, an optional uuid id beside a name",
            description: """
                {"swagger": "2.0", "info": {"title": "Sessions", "version": "1"}, "consumes": ["application/json"],
                 "produces": ["application/json"], "paths": {
                  "/api/sessions": {
                    "get": {"responses": {"200": {"description": "all", "schema": {"type": "array", "items": {"$ref": "#/definitions/Session"}}}}},
                    "post": {"parameters": [{"name": "model", "in": "body", "schema": {"$ref": "#/definitions/Session"}}],
                      "responses": {"201": {"description": "made", "schema": {"$ref": "#/definitions/Session"}}}}},
                  "/api/sessions/{session}": {
                    "parameters": [{"name": "session", "in": "path", "required": true, "type": "string", "format": "uuid"}],
                    "get": {"responses": {"200": {"description": "one", "schema": {"$ref": "#/definitions/Session"}}}},
                    "patch": {"parameters": [{"name": "model", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Session"}}],
                      "responses": {"200": {"description": "changed", "schema": {"$ref": "#/definitions/Session"}}, "400": {"description": "bad"}}},
                    "delete": {"responses": {"204": {"description": "gone"}}}}},
                 "definitions": {"Session": {"type": "object", "properties": {
                   "id": {"type": "string", "format": "uuid"}, "name": {"type": "string"}, "path": {"type": "string"}}}}}
                """),
        // Prefect: listings are `POST …/filter` searches (the mock answered them as a stateless
        // mock, so the created items were missing); saved searches, which no client can create
        // with `POST`, were read back after the mock's own stateless `DELETE` said 204; a
        // deployment is created with a member it never shows (a closed schema), and the mock kept
        // none of what was sent (its `flow_id` read back as another).
        Case(name: "Prefect's searches and saved searches", description: prefect),
        // GitHub (go-swagger-811): `/user/following` lists users by `login` and a numeric `id`
        // while the path names `{username}`, and its answers declare no body; hooks the mock
        // never held were deleted, then changed with 200.
        Case(name: "GitHub's followed users and hooks", description: following),
    ]

    static let prefect = #"""
        {"openapi": "3.1.0", "info": {"title": "Prefect", "version": "1"}, "paths": {
          "/flows/": {"post": {"operationId": "create_flow", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FlowCreate"}}}},
            "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Flow"}}}}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/flows/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
            "get": {"operationId": "read_flow", "responses": {"200": {"description": "one", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Flow"}}}}, "422": {"$ref": "#/components/responses/invalid"}}},
            "delete": {"operationId": "delete_flow", "responses": {"204": {"description": "gone"}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/flows/filter": {"post": {"operationId": "read_flows", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Filter"}}}},
            "responses": {"200": {"description": "some", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Flow"}}}}}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/deployments/": {"post": {"operationId": "create_deployment", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DeploymentCreate"}}}},
            "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Deployment"}}}}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/deployments/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
            "get": {"operationId": "read_deployment", "responses": {"200": {"description": "one", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Deployment"}}}}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/saved_searches/": {"put": {"operationId": "create_saved_search", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FlowCreate"}}}},
            "responses": {"200": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Flow"}}}}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/saved_searches/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
            "get": {"operationId": "read_saved_search", "responses": {"200": {"description": "one", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Flow"}}}}, "422": {"$ref": "#/components/responses/invalid"}}},
            "delete": {"operationId": "delete_saved_search", "responses": {"204": {"description": "gone"}, "422": {"$ref": "#/components/responses/invalid"}}}},
          "/saved_searches/filter": {"post": {"operationId": "read_saved_searches", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Filter"}}}},
            "responses": {"200": {"description": "some", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Flow"}}}}}, "422": {"$ref": "#/components/responses/invalid"}}}}},
         "components": {
           "responses": {"invalid": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object", "properties": {"detail": {"type": "array"}}}}}}},
           "schemas": {
             "FlowCreate": {"type": "object", "required": ["name"], "additionalProperties": false, "properties": {"name": {"type": "string", "maxLength": 20}}},
             "Flow": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string", "format": "uuid"}, "name": {"type": "string"}}},
             "DeploymentCreate": {"type": "object", "required": ["name", "flow_id", "pull_token"], "additionalProperties": false, "properties": {"name": {"type": "string", "maxLength": 20}, "flow_id": {"type": "string", "format": "uuid"}, "pull_token": {"type": "string", "minLength": 1, "maxLength": 20}}},
             "Deployment": {"type": "object", "required": ["id", "name", "flow_id"], "additionalProperties": false, "properties": {"id": {"type": "string", "format": "uuid"}, "name": {"type": "string"}, "flow_id": {"type": "string", "format": "uuid"}}},
             "Filter": {"type": "object", "additionalProperties": false, "properties": {"offset": {"type": "integer", "minimum": 0}, "limit": {"type": "integer", "minimum": 1, "maximum": 200}}}}}}
        """#

    static let following = #"""
        {"swagger": "2.0", "info": {"title": "GitHub", "version": "1"}, "consumes": ["application/json"],
         "produces": ["application/json"], "paths": {
          "/user/following": {"get": {"responses": {"200": {"description": "all", "schema": {"$ref": "#/definitions/users"}}, "403": {"description": "no"}}}},
          "/user/following/{username}": {"parameters": [{"name": "username", "in": "path", "required": true, "type": "string"}],
            "get": {"responses": {"204": {"description": "followed"}, "403": {"description": "no"}, "404": {"description": "not followed"}}},
            "put": {"responses": {"204": {"description": "followed"}, "403": {"description": "no"}}},
            "delete": {"responses": {"204": {"description": "unfollowed"}, "403": {"description": "no"}}}},
          "/repos/{owner}/{repo}/hooks": {"parameters": [{"name": "owner", "in": "path", "required": true, "type": "string"}, {"name": "repo", "in": "path", "required": true, "type": "string"}],
            "get": {"responses": {"200": {"description": "one", "schema": {"$ref": "#/definitions/hook"}}, "403": {"description": "no"}}},
            "post": {"parameters": [{"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/hookBody"}}],
              "responses": {"201": {"description": "made", "schema": {"$ref": "#/definitions/hook"}}, "403": {"description": "no"}}}},
          "/repos/{owner}/{repo}/hooks/{hookId}": {"parameters": [{"name": "owner", "in": "path", "required": true, "type": "string"}, {"name": "repo", "in": "path", "required": true, "type": "string"}, {"name": "hookId", "in": "path", "required": true, "type": "integer"}],
            "get": {"responses": {"200": {"description": "one", "schema": {"$ref": "#/definitions/hook"}}, "403": {"description": "no"}}},
            "patch": {"parameters": [{"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/hookBody"}}],
              "responses": {"200": {"description": "changed", "schema": {"$ref": "#/definitions/hook"}}, "403": {"description": "no"}}},
            "delete": {"responses": {"204": {"description": "gone"}, "403": {"description": "no"}}}}},
         "definitions": {
           "users": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "login": {"type": "string"}, "url": {"type": "string"}}}},
           "hook": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "active": {"type": "boolean"}, "events": {"type": "array", "items": {"type": "string"}}}}},
           "hookBody": {"type": "object", "properties": {"active": {"type": "boolean"}, "events": {"type": "array", "items": {"type": "string"}}}}}}
        """#

    @Test("an answer nested 500 levels is searched for references and ids on a 512 KiB stack")
    func deepAnswer() throws {
        let shallow: JSONValue = ["next": ["href": "/comments/1", "comment_id": 7]]
        var deep = shallow
        for _ in 0..<500 { deep = ["next": deep] }
        let contract = try #require(
            ContractLoader.read(bytes: Array(Self.cases[1].description.utf8), file: "own.json").contract)
        let answers = [shallow, deep]
        let found = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for answer in answers {
                let finder = ReferenceFinder(contract: contract, baseURL: "http://127.0.0.1:1")
                var live = LiveValues()
                live.observe(answer)
                let count = finder.references(in: answer).count + live.seenValues(named: ["comment_id"]).count
                found.withLock { $0.append(count) }
            }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        // Near the top both are found; 500 levels down, past AnswerWalk.maximumDepth, neither.
        #expect(found.current == [2, 0])
    }

    /// An operation that declares no 4xx leaves the mock no declared answer to an invalid request or
    /// to a deleted item: its 400 or 404 is an undocumented status whatever the mock answers (the
    /// description's gap, which `conform lint` warns about, reported as Schemathesis reports it),
    /// not a disagreement between the mock and the checks.
    static func gap(_ finding: Finding, _ endpoint: Endpoint) -> Bool {
        guard finding.check == .statusCodeConformance, let status = finding.status,
            (400..<500).contains(status)
        else { return false }
        return !endpoint.declaresClientError
    }

    @Test("every check passes and every operation gets requests", arguments: cases)
    func ownMock(_ testCase: Case) async throws {
        let outcome = ContractLoader.read(bytes: Array(testCase.description.utf8), file: "own.json")
        let contract = try #require(outcome.contract, "\(outcome.problems.map(\.message))")
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = ServerFuzzer.Configuration(baseURL: baseURL, casesPerEndpoint: 5, seed: 1)
        let fuzzed = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let failing = fuzzed.result.cases.filter { result in
            guard result.outcome == .failed || result.outcome == .error else { return false }
            let endpoint = contract.endpoints.first { $0.id == result.endpointID }
            return result.findings.isEmpty
                || !result.findings.allSatisfy { finding in endpoint.map { Self.gap(finding, $0) } ?? false }
        }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message))" })")
        let unsent = fuzzed.result.cases.filter { $0.reason == "nothing to send" }
        #expect(unsent.isEmpty, "\(unsent.map(\.id))")
        for endpoint in contract.endpoints {
            let sent = fuzzed.requestCounts[endpoint.id]?.values.reduce(0, +) ?? 0
            #expect(sent > 0, "\(endpoint.id) got no request")
        }
    }

    /// Docker's `POST /session` declares only `101` (the connection becomes HTTP/2): no answer of
    /// it is an HTTP response to judge, and the mock's server cannot send a 101.
    static let session = #"""
        {"swagger": "2.0", "info": {"title": "Docker", "version": "1"}, "paths": {
          "/session": {"post": {"operationId": "Session", "produces": ["application/vnd.docker.raw-stream"],
            "responses": {"101": {"description": "no error, hijacking successful"},
              "400": {"description": "bad parameter", "schema": {"type": "object"}}, "500": {"description": "server error", "schema": {"type": "object"}}}}},
          "/_ping": {"get": {"operationId": "SystemPing", "produces": ["text/plain"],
            "responses": {"200": {"description": "no error", "schema": {"type": "string"}}, "500": {"description": "server error"}}}}}}
        """#

    @Test("an operation whose only success is a protocol switch is skipped with its reason, not failed")
    func protocolSwitch() async throws {
        let outcome = ContractLoader.read(bytes: Array(Self.session.utf8), file: "own.json")
        let contract = try #require(outcome.contract, "\(outcome.problems.map(\.message))")
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = ServerFuzzer.Configuration(baseURL: baseURL, casesPerEndpoint: 5, seed: 1)
        let fuzzed = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let failing = fuzzed.result.cases.filter { $0.outcome == .failed || $0.outcome == .error }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message))" })")
        let session = fuzzed.result.cases.filter { $0.endpointID == "Session" }
        #expect(!session.isEmpty)
        #expect(session.allSatisfy { $0.outcome == .skipped && $0.reason == Endpoint.protocolSwitchReason })
        #expect((fuzzed.requestCounts["Session"]?.values.reduce(0, +) ?? 0) == 0)
        #expect((fuzzed.requestCounts["SystemPing"]?.values.reduce(0, +) ?? 0) > 0)
    }
}
