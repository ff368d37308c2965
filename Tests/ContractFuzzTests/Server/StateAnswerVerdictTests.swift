import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Answers to valid requests that say nothing against their data, as Prefect's server gives them:
/// a `201` where `200` is declared, a `409` for a name already taken, a `404` for a reference
/// Conform made up, a `503` from a locked database. Each is judged for what it is, never as valid
/// data refused.
@Suite("Answers about the server's state are not valid data refused", .serialized)
struct StateAnswerVerdictTests {
    /// One create whose body names a block type by id, declaring only 200 and 422 (FastAPI's way).
    static let schemas = #"""
        {"openapi": "3.1.0", "info": {"title": "Schemas", "version": "1"},
         "paths": {"/block_schemas/": {"post": {"operationId": "createBlockSchema",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
             "required": ["block_type_id"],
             "properties": {"block_type_id": {"type": "string", "format": "uuid"},
                            "name": {"type": "string", "maxLength": 8}}}}}},
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    /// A server that validates the body (422), then answers with `answer` for a valid one.
    static func server(_ answer: @escaping @Sendable (JSONValue) -> HTTPResponse)
        -> @Sendable (HTTPRequest) -> HTTPResponse
    {
        allowing(["POST"]) { request in
            guard request.headers["Content-Type"] == "application/json",
                let body = try? JSONParser.parse(request.body), let object = body.objectValue,
                case .string(let id)? = object["block_type_id"], UUID(uuidString: id) != nil
            else { return jsonAnswer(422, #"{"detail": []}"#) }
            if let name = object["name"], name.stringValue.map({ $0.count <= 8 }) != true {
                return jsonAnswer(422, #"{"detail": []}"#)
            }
            return answer(body)
        }
    }

    @Test("a 201 where 200 is declared accepted the data: one undeclared status, not valid data refused")
    func undeclaredSuccess() async throws {
        let run = try await LoopbackFuzz.run(Self.schemas, handler: Self.server { _ in jsonAnswer(201) })
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        let undeclared = run.findings.filter { $0.check == .statusCodeConformance && $0.status == 201 }
        #expect(undeclared.count == 1, "\(run.described)")
    }

    @Test("a 409 for a name already taken is the server's state: reported as undeclared, not as refused data")
    func conflict() async throws {
        let names = Locked<Set<String>>([])
        let run = try await LoopbackFuzz.run(
            Self.schemas,
            handler: Self.server { body in
                let name = body["name"]?.stringValue ?? ""
                return names.withLock { $0.insert(name).inserted }
                    ? jsonAnswer(200) : jsonAnswer(409, #"{"detail": "taken"}"#)
            })
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        #expect(
            run.findings.contains { $0.check == .statusCodeConformance && $0.status == 409 },
            "\(run.described)")
    }

    @Test("a 404 for a made-up block_type_id names nothing: undeclared, not refused data")
    func referenceNamesNothing() async throws {
        let run = try await LoopbackFuzz.run(
            Self.schemas,
            handler: Self.server { _ in jsonAnswer(404, #"{"detail": "Block type not found"}"#) })
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        #expect(
            run.findings.contains { $0.check == .statusCodeConformance && $0.status == 404 },
            "\(run.described)")
    }

    @Test("a 404 to a valid request that names no item is still valid data refused")
    func notFoundWithoutReference() async throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "Hello", "version": "1"},
             "paths": {"/hello": {"get": {"operationId": "hello",
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(description, handler: allowing(["GET"]) { _ in jsonAnswer(404) })
        #expect(
            run.findings.contains { $0.check == .positiveDataAcceptance && $0.status == 404 },
            "\(run.described)")
    }

    @Test("503s that stay after the retries on some requests are not judged, and said in a note")
    func busySometimes() async throws {
        // A locked database: every try of the requests that leave the optional name out fails.
        let run = try await LoopbackFuzz.run(
            Self.schemas,
            handler: Self.server { body in
                body["name"] == nil
                    ? HTTPResponse(status: 503, headers: ["Retry-After": "0"]) : jsonAnswer(200)
            })
        #expect(run.findings.isEmpty, "\(run.described)")
        let valid = try #require(run.result("createBlockSchema/positive_data_acceptance"))
        #expect(valid.outcome == .passed)
        #expect(
            valid.reason?.contains("stayed busy (503, also after 3 retries)") == true, "\(valid.reason ?? "")"
        )
    }

    @Test(
        "an item that vanished answers 404: the story's ensure_resource_availability finds it, not valid data refused"
    )
    func vanishedItem() async throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "Runs", "version": "1"},
             "paths": {
               "/runs/": {"post": {"operationId": "createRun", "requestBody": {"required": true, "content": {"application/json": {
                   "schema": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 10}}}}}},
                 "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                     "properties": {"id": {"type": "string"}}}}}}}}},
               "/runs/{id}": {"get": {"operationId": "getRun",
                 "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        // Creates answer an id, and no item can ever be read again.
        let run = try await LoopbackFuzz.run(description, cases: 4, stateless: false) { request in
            switch request.method {
            case "POST": return jsonAnswer(201, #"{"id": "r1"}"#)
            case "GET": return jsonAnswer(404, #"{"detail": "Not Found"}"#)
            default: return HTTPResponse(status: 405, headers: ["Allow": "GET, POST"])
            }
        }
        #expect(run.findings.contains { $0.check == .ensureResourceAvailability }, "\(run.described)")
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        #expect(
            run.findings.contains { $0.check == .statusCodeConformance && $0.status == 404 },
            "\(run.described)")
    }
}
