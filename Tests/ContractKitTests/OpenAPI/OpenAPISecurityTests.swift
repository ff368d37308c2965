import ConformHTTP
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
        #expect(auth.requirements(for: "me").map { $0.map(\.name) } == [["token"]])
        #expect(auth.requirements(for: "health").isEmpty)
        #expect(auth.requirements(for: "keys").map { $0.map(\.name) } == [["key"]])
    }

    static let alternatives = #"""
        {
          "openapi": "3.0.3",
          "info": { "title": "Alternatives", "version": "1.0.0" },
          "paths": {
            "/bot": { "get": { "operationId": "bot", "security": [{}, { "BotToken": [] }],
              "responses": { "200": { "description": "ok" }, "401": { "description": "no" } } } },
            "/tasks": { "get": { "operationId": "tasks", "security": [{ "basicAuth": [] }, {}],
              "responses": { "200": { "description": "ok" }, "401": { "description": "no" } } } },
            "/either": { "get": { "operationId": "either", "security": [{ "basicAuth": [] }, { "BotToken": ["read"] }],
              "responses": { "200": { "description": "ok" }, "401": { "description": "no" } } } },
            "/both": { "get": { "operationId": "both", "security": [{ "basicAuth": [], "BotToken": [] }],
              "responses": { "200": { "description": "ok" }, "401": { "description": "no" } } } },
            "/tls": { "get": { "operationId": "tls", "security": [{ "mtls": [] }, { "ghost": [] }],
              "responses": { "200": { "description": "ok" }, "401": { "description": "no" } } } }
          },
          "components": { "securitySchemes": {
            "BotToken": { "type": "apiKey", "in": "header", "name": "Authorization" },
            "basicAuth": { "type": "http", "scheme": "basic" },
            "mtls": { "type": "mutualTLS" }
          } }
        }
        """#

    @Test("alternatives stay alternatives: {} allows anonymous calls, one requirement's schemes go together")
    func requirementAlternatives() throws {
        let outcome = ContractLoader.read(bytes: Array(Self.alternatives.utf8), file: "alternatives.json")
        let auth = try #require(outcome.contract?.auth)
        #expect(auth.allowsAnonymous("bot"))
        #expect(auth.allowsAnonymous("tasks"))
        #expect(!auth.expectsRejection("bot", status: 401))
        #expect(!auth.expectsRejection("tasks", status: 401))
        #expect(auth.requirements(for: "either").map { $0.map(\.name) } == [["basicAuth"], ["BotToken"]])
        #expect(auth.requirements(for: "both").map { $0.map(\.name) } == [["basicAuth", "BotToken"]])
        #expect(auth.expectsRejection("either", status: 401))
        #expect(auth.expectsRejection("tls", status: 403))
    }

    @Test("with a credential for one alternative, that alternative is presented; AND needs every scheme")
    func presentedAlternative() throws {
        var auth = try #require(
            ContractLoader.read(bytes: Array(Self.alternatives.utf8), file: "alternatives.json").contract?
                .auth)
        let known = auth.setCredential("bot-secret", forScheme: "BotToken")
        #expect(known)
        #expect(auth.schemes(for: "either").map(\.name) == ["BotToken"])
        #expect(auth.schemes(for: "bot").map(\.name) == ["BotToken"])
        #expect(!auth.expectsRejection("either", status: 401))
        #expect(auth.schemes(for: "both").isEmpty)
        #expect(auth.expectsRejection("both", status: 401))
        let presentable = auth.setCredential("x", forScheme: "mtls")
        #expect(!presentable)
    }

    @Test("lint says when no requirement can ever be satisfied, and where")
    func neverSatisfied() throws {
        let outcome = ContractLoader.read(bytes: Array(Self.alternatives.utf8), file: "alternatives.json")
        let messages = outcome.problems.map(\.description)
        let never = messages.filter { $0.contains("can never be satisfied") }
        #expect(never.count == 1)
        #expect(never.first?.contains("/paths/~1tls/get") == true)
        #expect(never.first?.contains("mutualTLS") == true)
        #expect(
            messages.contains { $0.contains("\"ghost\" is not declared under components.securitySchemes") })
        #expect(!outcome.hasErrors)
    }

    @Test("credentials given with --auth go where each scheme says")
    func applying() throws {
        var auth = try #require(try Self.contract().auth)
        for (name, value) in [("token", "t0k3n"), ("login", "ana:s3cret"), ("key", "k 1"), ("cookie", "abc")]
        {
            let known = auth.setCredential(value, forScheme: name)
            #expect(known, "\(name)")
        }
        let plain = HTTPRequest(method: "GET", url: "http://h/x")
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
