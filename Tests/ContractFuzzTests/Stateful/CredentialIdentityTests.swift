import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Kinto's basic auth: any user and password is an identity of its own, so the "wrong" credential a
/// run sends is another user, who lists and creates its own things and is refused (403) the
/// items of others, while a request without credentials is asked for them (401).
@Suite("A wrong credential the server reads as another identity", .serialized)
struct CredentialIdentityTests {
    static let things = #"""
        {"openapi": "3.0.3", "info": {"title": "Things", "version": "1"},
         "components": {"securitySchemes": {"basic": {"type": "http", "scheme": "basic"}}},
         "security": [{"basic": []}],
         "paths": {
           "/things": {
             "get": {"operationId": "listThings", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}},
                "401": {"description": "no credentials"}}},
             "post": {"operationId": "createThing", "requestBody": {"required": true, "content": {"application/json": {
                 "schema": {"type": "object", "properties": {"title": {"type": "string", "maxLength": 10}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                   "properties": {"id": {"type": "string"}}}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "401": {"description": "no credentials"}}},
             "delete": {"operationId": "deleteThings", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}},
                "401": {"description": "no credentials"}}}},
           "/things/{id}": {
             "get": {"operationId": "getThing", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "401": {"description": "no credentials"}, "403": {"description": "not yours"},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "delete": {"operationId": "deleteThing", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "401": {"description": "no credentials"}, "403": {"description": "not yours"},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/stats": {"get": {"operationId": "stats", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "object"}}}}, "401": {"description": "no credentials"}}}}}}
        """#

    /// Every user and password is a user; `/stats` forgets to ask for credentials at all.
    static func server() -> @Sendable (HTTPRequest) -> HTTPResponse {
        let owners = Locked<(next: Int, owner: [String: String])>((0, [:]))
        return { request in
            let user = request.headers["Authorization"].flatMap { value -> String? in
                guard value.hasPrefix("Basic "), let data = Data(base64Encoded: String(value.dropFirst(6)))
                else {
                    return nil
                }
                return String(decoding: data, as: UTF8.self)
            }
            let segments = request.path.split(separator: "/").map(String.init)
            if segments == ["stats"] {
                return request.method == "GET"
                    ? jsonAnswer(200, #"{"things": \#(owners.current.owner.count)}"#)
                    : HTTPResponse(status: 405, headers: ["Allow": "GET"])
            }
            guard let user else { return HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Basic"]) }
            switch (request.method, segments.count) {
            case ("GET", 1):
                let mine = owners.current.owner.filter { $0.value == user }.keys.sorted()
                return jsonAnswer(200, "[" + mine.map { #"{"id": "\#($0)"}"# }.joined(separator: ",") + "]")
            case ("POST", 1):
                guard request.headers["Content-Type"] == "application/json" else {
                    return HTTPResponse(status: 415)
                }
                guard (try? JSONParser.parse(request.body))?.objectValue != nil else {
                    return jsonAnswer(400)
                }
                let id = owners.withLock { state in
                    state.next += 1
                    state.owner["t\(state.next)"] = user
                    return "t\(state.next)"
                }
                return jsonAnswer(201, #"{"id": "\#(id)"}"#)
            case ("DELETE", 1):
                owners.withLock { state in state.owner = state.owner.filter { $0.value != user } }
                return jsonAnswer(200, "[]")
            case (let method, 2) where method == "GET" || method == "DELETE":
                guard let owner = owners.current.owner[segments[1]] else { return jsonAnswer(404) }
                guard owner == user else { return HTTPResponse(status: 403) }
                if method == "DELETE" { owners.withLock { _ = $0.owner.removeValue(forKey: segments[1]) } }
                return jsonAnswer(200, #"{"id": "\#(segments[1])"}"#)
            default:
                return HTTPResponse(
                    status: 405, headers: ["Allow": segments.count == 1 ? "GET, POST, DELETE" : "GET, DELETE"]
                )
            }
        }
    }

    @Test("its own listing, creates and delete-all are not ignored_auth; a read without credentials still is")
    func otherIdentity() async throws {
        var contract = try ContractLoader.load(bytes: Array(Self.things.utf8), file: "things.json")
        _ = contract.auth?.setCredential("alice:alice-pass", forScheme: "basic")
        let http = HTTPServer(handler: Self.server())
        let port = try http.start()
        defer { http.shutdown() }
        let configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 6, seed: 1)
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let ignored = outcome.result.cases.flatMap(\.findings).filter { $0.check == .ignoredAuth }.map(
            \.message)
        #expect(ignored == ["GET /stats answered 200 without credentials"], "\(ignored)")
        let judged = outcome.result.cases.filter { $0.checks.contains(.ignoredAuth) }.map(\.endpointID)
        #expect(
            Set(judged).isSuperset(of: ["listThings", "createThing", "getThing", "deleteThings", "stats"]))
    }
}
