import ContractKit
import Foundation
import JSONSchema
import Testing

/// OpenAPI security schemes become the contract's `auth`; operations without security get none.
@Suite("OpenAPI security schemes")
struct OpenAPISecurityTests {
    static let document = #"""
        {
          "openapi": "3.1.0",
          "info": { "title": "Secured", "version": "1.0.0" },
          "security": [{ "token": [] }],
          "paths": {
            "/me": { "get": { "operationId": "me", "responses": { "200": { "description": "ok" } } } },
            "/health": { "get": { "operationId": "health", "security": [],
              "responses": { "200": { "description": "ok" } } } },
            "/keys": { "get": { "operationId": "keys", "security": [{ "key": [] }],
              "responses": { "200": { "description": "ok" } } } },
            "/admin": { "get": { "operationId": "admin", "security": [{ "login": [] }],
              "responses": { "200": { "description": "ok" } } } },
            "/jar": { "get": { "operationId": "jar", "security": [{ "cookie": [] }],
              "responses": { "200": { "description": "ok" } } } }
          },
          "components": { "securitySchemes": {
            "token": { "type": "http", "scheme": "bearer" },
            "login": { "type": "http", "scheme": "basic" },
            "key": { "type": "apiKey", "in": "query", "name": "api_key" },
            "cookie": { "type": "apiKey", "in": "cookie", "name": "sid" }
          } }
        }
        """#

    static func contract() throws -> Contract {
        try ContractLoader.load(bytes: Array(document.utf8), file: "secured.json")
    }

    @Test("bearer, basic and API keys map; the root requirement applies unless an operation names its own")
    func mapping() throws {
        let auth = try #require(try Self.contract().auth)
        #expect(auth.schemes.map(\.name) == ["token", "login", "key", "cookie"])
        #expect(auth.schemes(for: "me").map(\.name) == ["token"])
        #expect(auth.schemes(for: "health").isEmpty)
        #expect(auth.schemes(for: "keys").map(\.name) == ["key"])
    }

    @Test("credentials given with --auth go where each scheme says")
    func applying() throws {
        var auth = try #require(try Self.contract().auth)
        for (name, value) in [("token", "t0k3n"), ("login", "ana:s3cret"), ("key", "k 1"), ("cookie", "abc")]
        {
            let known = auth.setCredential(value, forScheme: name)
            #expect(known, "\(name)")
        }
        let plain = RequestRecord(method: "GET", url: "http://h/x")
        func headers(_ id: String) -> [String: String] {
            Dictionary(auth.apply(to: plain, endpointID: id).headers.map { ($0.name, $0.value) }) { a, _ in a
            }
        }
        #expect(headers("me")["Authorization"] == "Bearer t0k3n")
        #expect(headers("admin")["Authorization"] == "Basic " + Data("ana:s3cret".utf8).base64EncodedString())
        #expect(headers("jar")["Cookie"] == "sid=abc")
        #expect(auth.apply(to: plain, endpointID: "keys").url == "http://h/x?api_key=k%201")
        #expect(auth.apply(to: plain, endpointID: "health") == plain)
    }

    @Test("without credentials a secured operation expects 401 or 403; a public one never")
    func withoutCredentials() throws {
        let auth = try #require(try Self.contract().auth)
        #expect(auth.expectsRejection("me", status: 401))
        #expect(auth.expectsRejection("me", status: 403))
        #expect(!auth.expectsRejection("me", status: 500))
        #expect(!auth.expectsRejection("health", status: 401))
    }
}
