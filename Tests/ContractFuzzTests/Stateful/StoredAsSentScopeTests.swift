import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// What `stored_as_sent` compares: a value the read schema says is no longer kept (`deprecated`,
/// Prefect's deployment `concurrency_limit`, "will always be None"), and a `null` a create sends
/// (which gives no value, so the server may fill its own), are not losses; a kept property that
/// reads back otherwise still is.
@Suite("stored_as_sent compares what the server still keeps", .serialized)
struct StoredAsSentScopeTests {
    /// Deployments: the create sends a limit and a `null` parent; the read returns the limit under
    /// `readLimit`'s schema.
    static func description(readLimit: String) -> String {
        #"""
        {"openapi": "3.1.0", "info": {"title": "Deployments", "version": "1"},
         "paths": {
           "/deployments/": {"post": {"operationId": "createDeployment",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
               "required": ["name", "concurrency_limit", "parent_id"],
               "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 12},
                              "concurrency_limit": {"type": "integer", "minimum": 1, "maximum": 9},
                              "parent_id": {"type": "null"}}}}}},
             "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Deployment"}}}},
                           "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/deployments/{id}": {"get": {"operationId": "readDeployment",
             "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Deployment"}}}},
                           "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}},
         "components": {"schemas": {"Deployment": {"type": "object", "properties": {
           "id": {"type": "string"}, "name": {"type": "string"},
           "concurrency_limit": \#(readLimit),
           "parent_id": {"type": ["string", "null"]}}}}}}
        """#
    }

    /// Keeps what a create sends, except the limit (always null, as Prefect's deprecated field)
    /// and a null parent (filled with the server's own).
    static let server: @Sendable (HTTPRequest) -> HTTPResponse = {
        let store = Locked<[String: JSONValue]>([:])
        return { request in
            let segments = request.path.split(separator: "/").map(String.init)
            switch (request.method, segments.count) {
            case ("POST", 1):
                guard let body = try? JSONParser.parse(request.body), case .object(var object) = body,
                    case .string(let name)? = object["name"], !name.isEmpty, name.count <= 12,
                    case .number? = object["concurrency_limit"], object["parent_id"] == .null
                else { return jsonAnswer(422) }
                let id = "d\(store.current.count + 1)"
                object["id"] = .string(id)
                object["concurrency_limit"] = .null
                object["parent_id"] = .string("p-1")
                store.withLock { $0[id] = .object(object) }
                return jsonAnswer(201, JSONValue.object(object).compactText)
            case ("GET", 2):
                guard let item = store.current[segments[1]] else { return jsonAnswer(404) }
                return jsonAnswer(200, item.compactText)
            default:
                return HTTPResponse(status: 405, headers: ["Allow": segments.count == 1 ? "POST" : "GET"])
            }
        }
    }()

    static func storedFindings(readLimit: String) async throws -> (LoopbackFuzz, [Finding]) {
        let run = try await LoopbackFuzz.run(
            description(readLimit: readLimit), cases: 3, stateless: false, handler: server)
        return (run, run.findings.filter { $0.check == .storedAsSent })
    }

    @Test("a deprecated read property and a null the create sent are not reported as lost")
    func deprecatedAndNull() async throws {
        let (run, stored) = try await Self.storedFindings(
            readLimit:
                #"{"anyOf": [{"type": "integer"}, {"type": "null"}], "deprecated": true, "description": "Will always be None."}"#
        )
        #expect(stored.isEmpty, "\(run.described)")
        #expect(run.seen.contains { $0.hasPrefix("GET /deployments/d") }, "the created item was read back")
    }

    @Test("the same limit, still kept by the read schema, read back null is a loss")
    func keptPropertyLost() async throws {
        let (run, stored) = try await Self.storedFindings(
            readLimit: #"{"anyOf": [{"type": "integer"}, {"type": "null"}]}"#)
        #expect(stored.contains { $0.message.contains("/concurrency_limit") }, "\(run.described)")
        #expect(!stored.contains { $0.message.contains("/parent_id") }, "\(run.described)")
    }
}
