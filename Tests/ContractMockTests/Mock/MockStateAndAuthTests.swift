import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// Resources written the ways users write them, and declared security, against the mock.
@Suite("Mock state for user-written CRUD contracts, and declared security")
struct MockStateAndAuthTests {
    private func fixture(_ name: String) throws -> ContractMock {
        let file = packageRoot.appendingPathComponent("Tests/ContractMockTests/Fixtures/crud/\(name)").path
        return ContractMock(contract: try ContractLoader.load(file: file))
    }

    @Test("a created pet has a fresh petId, a Location pointing at it, and PUT replaces while PATCH merges")
    func petStore() throws {
        let mock = try fixture("petstore.json")
        let created = mock.respond(
            to: request("POST", "/pets", body: #"{"name": "Rex", "species": "dog", "tags": ["old"]}"#))
        #expect(created.status == 201)
        let id = try #require(created.json?["petId"]?.intValue)
        #expect(created.headers["Location"] == "/pets/\(id)")
        let replaced = mock.respond(
            to: request("PUT", "/pets/\(id)", body: #"{"name": "Rex", "species": "dog", "age": 4}"#))
        #expect(replaced.status == 200)
        #expect(
            replaced.json?["tags"] == nil,
            "PUT keeps only what it sends: \(replaced.json.map { "\($0)" } ?? "")")
        let patched = mock.respond(to: request("PATCH", "/pets/\(id)", body: #"{"name": "Max"}"#))
        #expect(patched.json?["name"]?.stringValue == "Max")
        #expect(patched.json?["age"]?.intValue == 4)
        let page = try #require(mock.respond(to: request("GET", "/pets")).json)
        let items = try #require(page["items"]?.arrayValue)
        #expect(items.contains { $0["petId"]?.intValue == id })
        #expect(page["total"]?.intValue == items.count)
        let removed = mock.respond(to: request("DELETE", "/pets/\(id)"))
        #expect(removed.status == 204)
        #expect(mock.respond(to: request("GET", "/pets/\(id)")).status == 404)
    }

    @Test("nested notes belong to their user: another user's path does not find them")
    func nestedResource() throws {
        let mock = try fixture("notes.json")
        let created = mock.respond(to: request("POST", "/users/7/notes", body: #"{"text": "call the vet"}"#))
        #expect(created.status == 201)
        let id = try #require(created.json?["noteId"]?.stringValue)
        #expect(mock.respond(to: request("GET", "/users/7/notes/\(id)")).status == 200)
        #expect(mock.respond(to: request("GET", "/users/8/notes/\(id)")).status == 404)
        let list = try #require(mock.respond(to: request("GET", "/users/7/notes")).json?["data"]?.arrayValue)
        #expect(list.contains { $0["noteId"]?.stringValue == id })
        let other = mock.respond(to: request("GET", "/users/8/notes")).json?["data"]?.arrayValue ?? []
        #expect(!other.contains { $0["noteId"]?.stringValue == id })
    }

    static let secured = """
        {"conform": 1, "name": "Vault", "version": "1",
         "auth": {"schemes": {"token": {"type": "bearer", "token": "s3cret-token"},
                              "key": {"type": "apiKey", "in": "query", "name": "api_key"}},
                  "security": ["token"]},
         "endpoints": [
          {"id": "open", "method": "GET", "path": "/open", "security": [],
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}}},
          {"id": "vault", "method": "GET", "path": "/vault",
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}},
                         "403": {"contentType": "application/json",
                                 "schema": {"type": "object", "required": ["reason"], "properties": {"reason": {"type": "string"}}}}}},
          {"id": "keyed", "method": "GET", "path": "/keyed", "security": ["key"],
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}}}
         ]}
        """

    @Test("security: the contract's credential passes, a missing or made-up one gets the declared refusal")
    func security() throws {
        let mock = ContractMock(contract: try contract(Self.secured))
        #expect(mock.respond(to: request("GET", "/open")).status == 200)
        #expect(mock.respond(to: request("GET", "/vault")).status == 403)
        let wrong = mock.respond(to: request("GET", "/vault", headers: [("Authorization", "Bearer guessed")]))
        #expect(wrong.status == 403)
        #expect(wrong.json?["reason"]?.stringValue != nil)
        let right = mock.respond(
            to: request("GET", "/vault", headers: [("Authorization", "Bearer s3cret-token")]))
        #expect(right.status == 200)
        // No credential is known for "key" and no refusal is declared: 401 with a challenge.
        let keyed = mock.respond(to: request("GET", "/keyed?api_key=anything"))
        #expect(keyed.status == 401)
        #expect(keyed.headers["WWW-Authenticate"] != nil)
    }

    static let alternatives = """
        {"conform": 1, "name": "Either", "version": "1",
         "auth": {"schemes": {"token": {"type": "bearer", "token": "t-1"},
                              "key": {"type": "apiKey", "in": "header", "name": "X-Key", "value": "k-1"},
                              "tls": {"type": "unsupported", "scheme": "mutualTLS"}},
                  "security": [["token"], ["key"]]},
         "endpoints": [
          {"id": "either", "method": "GET", "path": "/either",
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}, "401": {}}},
          {"id": "maybe", "method": "GET", "path": "/maybe", "security": [["token"], []],
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}, "401": {}}},
          {"id": "both", "method": "GET", "path": "/both", "security": ["token", "key"],
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}, "401": {}}},
          {"id": "never", "method": "GET", "path": "/never", "security": [["tls"]],
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}}, "401": {}}}
         ]}
        """

    @Test("security alternatives: any one requirement passes, an empty one lets anonymous calls through")
    func securityAlternatives() throws {
        let mock = ContractMock(contract: try contract(Self.alternatives))
        let token = ("Authorization", "Bearer t-1")
        let key = ("X-Key", "k-1")
        #expect(mock.respond(to: request("GET", "/either")).status == 401)
        #expect(mock.respond(to: request("GET", "/either", headers: [token])).status == 200)
        #expect(mock.respond(to: request("GET", "/either", headers: [key])).status == 200)
        #expect(mock.respond(to: request("GET", "/maybe")).status == 200)
        #expect(mock.respond(to: request("GET", "/maybe", headers: [token])).status == 200)
        #expect(mock.respond(to: request("GET", "/both", headers: [token])).status == 401)
        #expect(mock.respond(to: request("GET", "/both", headers: [token, key])).status == 200)
        #expect(mock.respond(to: request("GET", "/never", headers: [token, key])).status == 401)
    }

    @Test("a credential set as --auth does sets it, and start-up can say which schemes nothing can pass")
    func credentialGivenAtStart() throws {
        var contract = try contract(Self.secured)
        let before = ContractMock(contract: contract).guardedSchemes
        #expect(before.map(\.scheme.name) == ["token", "key"])
        #expect(before.map(\.acceptsAnyRequest) == [true, false])
        #expect(before[1].placement == "query parameter api_key")
        #expect(contract.auth?.setCredential("k-123", forScheme: "key") == true)
        let mock = ContractMock(contract: contract)
        #expect(mock.guardedSchemes.allSatisfy { $0.acceptsAnyRequest })
        #expect(mock.respond(to: request("GET", "/keyed?api_key=k-123")).status == 200)
        #expect(mock.respond(to: request("GET", "/keyed?api_key=other")).status == 401)
    }

    @Test("a 204 names its declared type and carries no body")
    func noContentType() throws {
        let mock = ContractMock(
            contract: try contract(
                """
                {"conform": 1, "name": "Gone", "version": "1", "endpoints": [
                  {"id": "drop", "method": "DELETE", "path": "/things",
                   "responses": {"204": {"contentType": "application/json"}}}]}
                """))
        let response = mock.respond(to: request("DELETE", "/things"))
        #expect(response.status == 204)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.body.isEmpty)
    }

    static let forms = """
        {"conform": 1, "name": "Forms", "version": "1",
         "schemas": {"Search": {"type": "object", "required": ["criteria"],
                                "properties": {"criteria": {"type": "string", "minLength": 1},
                                               "rows": {"type": "integer", "maximum": 100},
                                               "tags": {"type": "array", "items": {"type": "string"}}}}},
         "endpoints": [
          {"id": "search", "method": "POST", "path": "/search",
           "request": {"contentType": "application/x-www-form-urlencoded", "schema": {"$ref": "#/schemas/Search"},
                       "x-otherContentTypes": {"application/xml": {"schema": {"$ref": "#/schemas/Search"}},
                                               "multipart/form-data": {"schema": {"$ref": "#/schemas/Search"}}}},
           "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}},
                         "400": {"contentType": "application/json", "schema": {"type": "object"}}}}]}
        """

    @Test("form, multipart and XML bodies are read as objects and checked against their schema")
    func formBodies() throws {
        let mock = ContractMock(contract: try contract(Self.forms))
        func post(_ body: String, _ type: String) -> Int {
            mock.respond(to: request("POST", "/search", body: body, headers: [("Content-Type", type)])).status
        }
        let form = "application/x-www-form-urlencoded"
        #expect(post("criteria=ab+c&rows=5&tags=x&tags=y", form) == 200)
        #expect(post("rows=5", form) == 400)
        #expect(post("criteria=a&rows=500", form) == 400)
        let boundary = "XyZ"
        let multipart =
            "--XyZ\r\nContent-Disposition: form-data; name=\"criteria\"\r\n\r\nknives\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"rows\"\r\n\r\n7\r\n--XyZ--\r\n"
        #expect(post(multipart, "multipart/form-data; boundary=\(boundary)") == 200)
        #expect(
            post(multipart.replacingOccurrences(of: "7", with: "700"), "multipart/form-data; boundary=XyZ")
                == 400)
        #expect(post("<search><criteria>x</criteria><rows>3</rows></search>", "application/xml") == 200)
        #expect(post("<search><rows>3</rows></search>", "application/xml") == 400)
        #expect(post("<search><criteria>x</criteria>", "application/xml") == 400)
        #expect(post("criteria=x", "text/plain") == 400)
    }

    @Test("an invalid path value is an item no one can have: the declared 404")
    func invalidPathIsNotFound() throws {
        let mock = ContractMock(
            contract: try contract(
                """
                {"conform": 1, "name": "Orders", "version": "1", "endpoints": [
                  {"id": "getOrder", "method": "GET", "path": "/orders/{orderId}",
                   "parameters": {"path": {"orderId": {"schema": {"type": "integer", "minimum": 1}}}},
                   "responses": {"200": {"contentType": "application/json", "schema": {"type": "object"}},
                                 "400": {"contentType": "application/json", "schema": {"type": "object"}},
                                 "404": {"contentType": "application/json", "schema": {"type": "object"}}}}]}
                """))
        #expect(mock.respond(to: request("GET", "/orders/0")).status == 404)
        #expect(mock.respond(to: request("GET", "/orders/abc")).status == 404)
    }
}
