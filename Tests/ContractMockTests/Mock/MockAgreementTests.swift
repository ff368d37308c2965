import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import JSONSchema
import Testing

/// The mock answers as the checker judges: a literal path segment routes before a template, and a
/// deleted item never succeeds again, whatever the operation declares.
@Suite("The mock agrees with the checker")
struct MockAgreementTests {
    /// Discord's shape: `/applications/@me` beside `/applications/{application_id}`, the template
    /// declared first, with the same methods on both.
    static let applications = """
        {"openapi": "3.0.3", "info": {"title": "Apps", "version": "1"}, "paths": {
          "/applications/{application_id}": {
            "parameters": [{"name": "application_id", "in": "path", "required": true,
                            "schema": {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}}],
            "get": {"operationId": "getApplication", "responses": {
              "200": {"description": "one", "content": {"application/json": {"schema": {
                "type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}}}},
              "400": {"description": "bad id"}}},
            "patch": {"operationId": "updateApplication", "requestBody": {"content": {"application/json": {
                "schema": {"type": "object"}}}}, "responses": {"200": {"description": "updated"}, "400": {"description": "bad id"}}}},
          "/applications/@me": {
            "get": {"operationId": "getMyApplication", "responses": {
              "200": {"description": "mine", "content": {"application/json": {"schema": {
                "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}}}},
            "patch": {"operationId": "updateMyApplication", "requestBody": {"content": {"application/json": {
                "schema": {"type": "object"}}}}, "responses": {"200": {"description": "updated"}}}}}}
        """

    @Test("a literal segment wins over a template, in the router and in the mock's answer")
    func literalBeforeTemplate() throws {
        let contract = try contract(Self.applications)
        let router = OperationRouter(endpoints: contract.endpoints)
        for method in ["GET", "PATCH"] {
            guard case .endpoint(let endpoint, _) = router.route(method: method, path: "/applications/@me")
            else {
                Issue.record("\(method) /applications/@me was not routed")
                continue
            }
            #expect(endpoint.path.template == "/applications/@me")
        }
        let mock = ContractMock(contract: contract)
        for target in ["/applications/@me", "/applications/%40me"] {
            let answer = mock.respond(to: request("GET", target))
            #expect(answer.status == 200, "\(target): \(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.json?["name"]?.stringValue != nil)
        }
        #expect(mock.respond(to: request("PATCH", "/applications/@me", body: "{}")).status == 200)
        #expect(mock.respond(to: request("GET", "/applications/12")).json?["id"] != nil)
    }

    /// GitHub's shape: the item's `PATCH` declares only 200 and 422, its `GET` 200 alone.
    static let comments = RealShapes.gitHubComments

    @Test("a deleted item never succeeds again, even where no 404 is declared")
    func deletedStaysDeleted() throws {
        let mock = ContractMock(contract: try contract(Self.comments))
        let created = mock.respond(to: request("POST", "/comments", body: #"{"body": "first"}"#))
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.intValue)
        #expect(mock.respond(to: request("GET", "/comments/\(id)")).status == 200)
        #expect(mock.respond(to: request("DELETE", "/comments/\(id)")).status == 204)
        let read = mock.respond(to: request("GET", "/comments/\(id)"))
        #expect(read.status == 404, "no 4xx is declared: the mock's own 404")
        let changed = mock.respond(to: request("PATCH", "/comments/\(id)", body: #"{"body": "again"}"#))
        #expect(changed.status == 422, "the declared client error, not a success")
        // `DELETE` is idempotent: the declared 204 again, not a 404 the operation does not declare.
        #expect(mock.respond(to: request("DELETE", "/comments/\(id)")).status == 204)
        #expect(mock.respond(to: request("GET", "/comments/\(id)")).status == 404, "still gone")
        let listed = mock.respond(to: request("GET", "/comments")).json?.arrayValue ?? []
        #expect(!listed.contains { $0["id"]?.intValue == id })
        // Stored again under the same id, it is back.
        let again = mock.respond(to: request("POST", "/comments", body: #"{"id": \#(id), "body": "back"}"#))
        #expect(again.status == 201)
        if again.json?["id"]?.intValue == id {
            #expect(mock.respond(to: request("GET", "/comments/\(id)")).status == 200)
        }
    }

    /// Jupyter's contents: a file is created by `PUT` on its own path with part of what a file
    /// holds (type, format, content); the schema of a file read back asks for more.
    static let contents = """
        {"swagger": "2.0", "info": {"title": "Contents", "version": "1"}, "consumes": ["application/json"],
         "produces": ["application/json"], "paths": {"/api/contents/{path}": {
           "parameters": [{"name": "path", "in": "path", "required": true, "type": "string"}],
           "get": {"responses": {"200": {"description": "one", "schema": {"$ref": "#/definitions/Contents"}}}},
           "put": {"parameters": [{"name": "model", "in": "body", "schema": {"$ref": "#/definitions/Model"}}],
             "responses": {"200": {"description": "saved", "schema": {"$ref": "#/definitions/Contents"}},
                           "201": {"description": "made", "schema": {"$ref": "#/definitions/Contents"}}}},
           "delete": {"responses": {"204": {"description": "gone"}}}}},
         "definitions": {
           "Model": {"type": "object", "properties": {"type": {"type": "string"}, "format": {"type": "string"},
             "content": {"type": "string"}}},
           "Contents": {"type": "object", "required": ["name", "path", "type", "created", "format", "content"],
             "properties": {"name": {"type": "string"}, "path": {"type": "string"}, "type": {"type": "string"},
               "created": {"type": "string"}, "format": {"type": "string"}, "content": {"type": "string"}}}}}
        """

    @Test("an item created by PUT on its own path with part of its fields reads back with what was sent")
    func createdOnItemReadsBack() throws {
        let mock = ContractMock(contract: try contract(Self.contents))
        let put = mock.respond(
            to: request(
                "PUT", "/api/contents/notes.txt",
                body: #"{"type": "file", "format": "text", "content": "hello"}"#))
        #expect(put.status == 201)
        let read = mock.respond(to: request("GET", "/api/contents/notes.txt"))
        #expect(read.status == 200)
        let file = try #require(read.json)
        #expect(file["path"] == "notes.txt")
        #expect(file["type"] == "file" && file["format"] == "text" && file["content"] == "hello", "\(file)")
        #expect(put.json?["content"] == "hello")
    }

    /// Prefect's task runs and deployment schedules: a run is created with a `state` of a type and
    /// a message and read with a `state` that also has an id and a timestamp; schedules are sent
    /// as a list of creates, read with ids, and made in a list.
    static let runs = """
        {"openapi": "3.1.0", "info": {"title": "Runs", "version": "1"}, "paths": {
          "/runs": {"post": {"operationId": "createRun", "requestBody": {"required": true, "content": {
              "application/json": {"schema": {"$ref": "#/components/schemas/RunCreate"}}}},
            "responses": {"201": {"description": "made", "content": {"application/json": {
              "schema": {"$ref": "#/components/schemas/Run"}}}}}}},
          "/runs/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "get": {"operationId": "readRun", "responses": {"200": {"description": "one", "content": {
              "application/json": {"schema": {"$ref": "#/components/schemas/Run"}}}},
              "404": {"description": "none"}}},
            "put": {"operationId": "replaceRun", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/RunCreate"}}}},
              "responses": {"204": {"description": "done"}, "404": {"description": "none"}}}},
          "/runs/{id}/schedules": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "get": {"operationId": "listSchedules", "responses": {"200": {"description": "all", "content": {
              "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Schedule"}}}}}}},
            "post": {"operationId": "createSchedules", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/ScheduleCreate"}}}}},
              "responses": {"201": {"description": "made", "content": {"application/json": {
                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Schedule"}}}}}}}},
          "/runs/{id}/schedules/{schedule_id}": {"parameters": [
              {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
              {"name": "schedule_id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "delete": {"operationId": "deleteSchedule", "responses": {"204": {"description": "gone"},
              "404": {"description": "none"}}}}},
         "components": {"schemas": {
           "StateCreate": {"type": "object", "required": ["type"], "properties": {
             "type": {"enum": ["PAUSED", "RUNNING"]}, "message": {"type": "string"}}},
           "State": {"type": "object", "required": ["id", "type", "timestamp"], "properties": {
             "id": {"type": "string"}, "type": {"enum": ["PAUSED", "RUNNING"]}, "message": {"type": "string"},
             "timestamp": {"type": "string", "format": "date-time"}}},
           "ScheduleCreate": {"type": "object", "required": ["interval"], "properties": {
             "interval": {"type": "integer", "minimum": 1}}},
           "Schedule": {"type": "object", "required": ["id", "interval"], "properties": {
             "id": {"type": "string"}, "interval": {"type": "integer", "minimum": 1}}},
           "RunCreate": {"type": "object", "properties": {"name": {"type": "string"},
             "state": {"$ref": "#/components/schemas/StateCreate"},
             "schedules": {"type": "array", "items": {"$ref": "#/components/schemas/ScheduleCreate"}}}},
           "Run": {"type": "object", "required": ["id", "name", "state"], "properties": {
             "id": {"type": "string"}, "name": {"type": "string"}, "state": {"$ref": "#/components/schemas/State"},
             "schedules": {"type": "array", "items": {"$ref": "#/components/schemas/Schedule"}}}}}}}
        """

    @Test("a member sent in another shape than it reads is stored over what the mock made, others as sent")
    func sentShapesKept() throws {
        let mock = ContractMock(contract: try contract(Self.runs))
        let created = mock.respond(
            to: request(
                "POST", "/runs",
                body:
                    #"{"name": "first", "state": {"type": "PAUSED", "message": "held"}, "schedules": [{"interval": 5}]}"#
            ))
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        let read = try #require(mock.respond(to: request("GET", "/runs/\(id)")).json)
        #expect(read["name"] == "first")
        #expect(read["state"]?["type"] == "PAUSED" && read["state"]?["message"] == "held", "\(read)")
        #expect(read["state"]?["timestamp"]?.stringValue != nil, "the read's own members stay")
        // A replacement whose schedules cannot be read as sent (no ids) still renames the run.
        let replaced = mock.respond(
            to: request("PUT", "/runs/\(id)", body: #"{"name": "renamed", "schedules": [{"interval": 9}]}"#))
        #expect(replaced.status == 204)
        #expect(mock.respond(to: request("GET", "/runs/\(id)")).json?["name"] == "renamed")
    }

    @Test("a create that sends a list makes each element an item, answers them and lists them")
    func listCreate() throws {
        let mock = ContractMock(contract: try contract(Self.runs))
        let run = try #require(
            mock.respond(to: request("POST", "/runs", body: #"{"name": "r"}"#)).json?["id"]?.stringValue)
        let made = mock.respond(
            to: request("POST", "/runs/\(run)/schedules", body: #"[{"interval": 60}, {"interval": 120}]"#))
        #expect(made.status == 201)
        let schedules = try #require(made.json?.arrayValue)
        #expect(schedules.map { $0["interval"] } == [60, 120], "\(schedules)")
        let ids = schedules.compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 2 && Set(ids).count == 2)
        let listed = mock.respond(to: request("GET", "/runs/\(run)/schedules")).json?.arrayValue ?? []
        for id in ids { #expect(listed.contains { $0["id"]?.stringValue == id }, "\(id) not listed") }
        #expect(mock.respond(to: request("DELETE", "/runs/\(run)/schedules/\(ids[0])")).status == 204)
    }
}
