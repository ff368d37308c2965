import ContractKit
import ContractMock
import JSONSchema
import Testing

/// The mock keeps the contract it serves: routing, declared responses, state and examples.
@Suite("Mock keeps its contract")
struct MockBehaviourTests {
    static let users = """
        {"conform": 1, "name": "Users", "version": "1",
         "schemas": {"Problem": {"type": "object", "required": ["code", "message"], "additionalProperties": false,
                                 "properties": {"code": {"type": "integer", "minimum": 400}, "message": {"type": "string"}}},
                     "User": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "pattern": "^[a-z]{3,8}$"}}}},
         "endpoints": [
          {"id": "login", "method": "GET", "path": "/user/login",
           "parameters": {"query": {"tries": {"required": false, "schema": {"type": "integer", "format": "int32"}}}},
           "responses": {"200": {"contentType": ["application/json", "application/xml"],
                                 "schema": {"$ref": "#/schemas/User"},
                                 "headers": {"X-Rate-Limit": {"required": true, "schema": {"type": "integer", "minimum": 1, "maximum": 9}}}},
                         "422": {"contentType": "application/json", "schema": {"$ref": "#/schemas/Problem"}}}},
          {"id": "getUser", "method": "GET", "path": "/user/{username}",
           "responses": {"200": {"contentType": "application/json", "schema": {"$ref": "#/schemas/User"}}}},
          {"id": "deleteUser", "method": "DELETE", "path": "/user/{username}",
           "responses": {"200": {"contentType": "application/json", "schema": {"$ref": "#/schemas/User"}}}},
          {"id": "legacy", "method": "POST", "path": "/legacy",
           "responses": {"405": {"contentType": "application/json", "schema": {"$ref": "#/schemas/Problem"}}}}
         ]}
        """

    @Test("concrete paths win, and 405 lists exactly the methods of the matched path")
    func routing() throws {
        let mock = ContractMock(contract: try contract(Self.users))
        let login = mock.respond(to: request("DELETE", "/user/login"))
        #expect(login.status == 405)
        #expect(login.headers["Allow"] == "GET")
        let other = mock.respond(to: request("PUT", "/user/alice"))
        #expect(other.headers["Allow"] == "GET, DELETE")
        #expect(mock.respond(to: request("DELETE", "/user/alice")).status == 200)
    }

    @Test("an invalid request gets the declared 422 with a body valid by its schema")
    func declaredRejection() throws {
        let loaded = try contract(Self.users)
        let mock = ContractMock(contract: loaded)
        let response = mock.respond(to: request("GET", "/user/login?tries=many"))
        #expect(response.status == 422)
        let body = try #require(response.json)
        let schemas = ContractSchemas(contract: loaded)
        #expect(schemas.validate(body, at: JSONPointer(tokens: ["schemas", "Problem"])).isValid, "\(body)")
    }

    @Test("a free-form query object takes the pairs no other parameter names, and only those")
    func freeFormQueryObject() throws {
        let text = """
            {"conform": 1, "name": "Counts", "version": "1",
             "endpoints": [{"id": "counts", "method": "GET", "path": "/counts",
               "parameters": {"query": {
                 "counts": {"required": false, "style": "form", "explode": true,
                            "schema": {"type": "object", "additionalProperties": {"type": "integer"}}},
                 "name": {"required": false, "schema": {"type": "string"}}}},
               "responses": {"200": {}, "400": {}}}]}
            """
        let mock = ContractMock(contract: try contract(text))
        #expect(mock.respond(to: request("GET", "/counts?apples=3&name=bob")).status == 200)
        #expect(mock.respond(to: request("GET", "/counts?apples=three&name=bob")).status == 400)
    }

    @Test("an operation that declares only 405 answers 405")
    func onlyMethodNotAllowed() throws {
        let mock = ContractMock(contract: try contract(Self.users))
        let response = mock.respond(to: request("POST", "/legacy"))
        #expect(response.status == 405)
        #expect(response.json?["code"]?.intValue != nil)
    }

    @Test("Accept picks among declared types; declared headers and XML bodies are generated")
    func negotiation() throws {
        let mock = ContractMock(contract: try contract(Self.users))
        let json = mock.respond(to: request("GET", "/user/login"))
        #expect(json.headers["Content-Type"] == "application/json")
        let limit = try #require(json.headers["X-Rate-Limit"].flatMap { Int($0) })
        #expect((1...9).contains(limit))
        let name = try #require(json.json?["name"]?.stringValue)
        #expect(name.count >= 3 && name.allSatisfy { $0.isLowercase })
        let xml = mock.respond(to: request("GET", "/user/login", headers: [("Accept", "application/xml")]))
        #expect(xml.headers["Content-Type"] == "application/xml")
        let text = String(decoding: xml.body, as: UTF8.self)
        #expect(text.hasPrefix("<?xml") && text.contains("<name>") && text.contains("</response>"), "\(text)")
    }

    static func todo() throws -> Contract {
        try ContractLoader.load(file: packageRoot.appendingPathComponent("Contracts/todo.json").path)
    }

    @Test("created todos are stored, read back, updated, listed, deleted, and then gone")
    func crud() throws {
        let mock = ContractMock(contract: try Self.todo())
        let created = mock.respond(to: request("POST", "/todos", body: #"{"title": "Walk the dog"}"#))
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.intValue)
        #expect(created.json?["title"] == "Walk the dog")
        let read = mock.respond(to: request("GET", "/todos/\(id)"))
        #expect(read.status == 200 && read.json == created.json)
        let updated = mock.respond(
            to: request("PUT", "/todos/\(id)", body: #"{"title": "Walk the cat", "done": true}"#))
        #expect(updated.json?["title"] == "Walk the cat" && updated.json?["id"]?.intValue == id)
        let list = try #require(mock.respond(to: request("GET", "/todos")).json?.arrayValue)
        #expect(list.contains { $0["id"]?.intValue == id && $0["done"] == true })
        #expect(mock.respond(to: request("DELETE", "/todos/\(id)")).status == 200)
        let gone = mock.respond(to: request("GET", "/todos/\(id)"))
        #expect(gone.status == 404)
        #expect(gone.json?["error"]?.stringValue?.isEmpty == false)
    }

    @Test("an example with a literal value is answered as it expects: unknown id → 404")
    func exampleDriven() throws {
        let mock = ContractMock(contract: try Self.todo(), configuration: .init(isStateless: true))
        #expect(mock.respond(to: request("GET", "/todos/999999")).status == 404)
        #expect(mock.respond(to: request("GET", "/todos/5")).status == 200)
    }

    @Test("POST /__conform/reset forgets what was created; --stateless stores nothing")
    func resetAndStateless() throws {
        let mock = ContractMock(contract: try Self.todo())
        let id = try #require(
            mock.respond(to: request("POST", "/todos", body: #"{"title": "x"}"#)).json?["id"]?.intValue)
        #expect(mock.respond(to: request("POST", ContractMock.resetPath)).status == 204)
        #expect(mock.respond(to: request("GET", "/todos/\(id)")).status == 404)
        let stateless = ContractMock(contract: try Self.todo(), configuration: .init(isStateless: true))
        let other = try #require(
            stateless.respond(to: request("POST", "/todos", body: #"{"title": "x"}"#)).json?["id"]?.intValue)
        #expect(stateless.respond(to: request("GET", "/todos/\(other)")).status == 200)
        #expect(stateless.respond(to: request("DELETE", "/todos/\(other)")).status == 200)
        #expect(stateless.respond(to: request("GET", "/todos/\(other)")).status == 200)
    }
}
