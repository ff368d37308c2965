import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// A paged todos API behind a bearer token, in a correct variant, a benign one and with the state
/// bugs only evidence-keeping stories, listings that add up and credentials on every operation
/// reveal.
enum TodosBug: String, CaseIterable, Sendable, CustomStringConvertible {
    case none, benign, patchResets, titleLowercased, newestUnlisted, totalCountsDeleted, deleteWithoutAuth,
        changeWithoutAuth, createIgnoresPriority, dueShifted

    var description: String { rawValue }
}

/// The description the todos server publishes: every operation needs the bearer token and
/// declares its 401; `/stats` is secured too but does not declare the 401 it answers.
let todosDescription = #"""
    {"openapi": "3.1.0", "info": {"title": "Todos", "version": "1"},
     "security": [{"bearer": []}],
     "components": {
       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
       "schemas": {
         "TodoIn": {"type": "object", "required": ["title"], "properties": {
           "title": {"type": "string", "minLength": 1, "maxLength": 60},
           "done": {"type": "boolean", "default": false},
           "priority": {"type": "string", "enum": ["low", "medium", "high"], "default": "low"},
           "due": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
           "contact": {"anyOf": [{"type": "string", "format": "email"}, {"type": "null"}]},
           "tags": {"type": "array", "maxItems": 3, "items": {"type": "string", "minLength": 1, "maxLength": 10}}}},
         "TodoPatch": {"type": "object", "properties": {
           "title": {"type": "string", "minLength": 1, "maxLength": 60}, "done": {"type": "boolean"},
           "priority": {"type": "string", "enum": ["low", "medium", "high"]},
           "due": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}}},
         "Todo": {"allOf": [{"$ref": "#/components/schemas/TodoIn"},
           {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}]},
         "Page": {"type": "object", "required": ["items", "total", "limit", "offset"], "properties": {
           "items": {"type": "array", "items": {"$ref": "#/components/schemas/Todo"}},
           "total": {"type": "integer"}, "limit": {"type": "integer"}, "offset": {"type": "integer"}}},
         "Problem": {"type": "object", "properties": {"detail": {"type": "string"}}}
       },
       "responses": {
         "Problem": {"description": "refused", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
       }
     },
     "paths": {
       "/todos": {
         "get": {"operationId": "listTodos", "parameters": [
             {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}},
             {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "default": 0}}],
           "responses": {"200": {"description": "a page", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}},
             "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"}}},
         "post": {"operationId": "createTodo",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TodoIn"}}}},
           "responses": {"201": {"description": "created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}},
             "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"}}}
       },
       "/todos/{id}": {
         "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
         "get": {"operationId": "getTodo", "responses": {
           "200": {"description": "the todo", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}},
           "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"},
           "404": {"$ref": "#/components/responses/Problem"}}},
         "put": {"operationId": "replaceTodo",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TodoIn"}}}},
           "responses": {"200": {"description": "replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}},
             "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"},
             "404": {"$ref": "#/components/responses/Problem"}}},
         "patch": {"operationId": "updateTodo",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TodoPatch"}}}},
           "responses": {"200": {"description": "updated", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}},
             "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"},
             "404": {"$ref": "#/components/responses/Problem"}}},
         "delete": {"operationId": "deleteTodo", "responses": {"204": {"description": "deleted"},
           "400": {"$ref": "#/components/responses/Problem"}, "401": {"$ref": "#/components/responses/Problem"},
           "404": {"$ref": "#/components/responses/Problem"}}}
       },
       "/stats": {
         "get": {"operationId": "stats", "responses": {"200": {"description": "counts", "content": {"application/json": {
           "schema": {"type": "object", "properties": {"todos": {"type": "integer"}}}}}}}}
       }
     }}
    """#

/// The todos server; `Bearer secret` is the one credential it accepts.
final class PagedTodosServer: Sendable {
    private let bug: TodosBug
    private let state = Locked<(todos: [Int: JSONObject], deleted: Set<Int>, next: Int)>(([:], [], 1))
    static let defaults: [(String, JSONValue)] = [
        ("done", .bool(false)), ("priority", "low"), ("due", .null), ("contact", .null), ("tags", .array([])),
    ]

    init(bug: TodosBug) { self.bug = bug }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        let authorized = request.headers["Authorization"] == "Bearer secret"
        if parts == ["stats"] {
            return authorized
                ? json(200, .object(JSONObject([("todos", .number(JSONNumber(count())))]))) : problem(401)
        }
        guard parts.first == "todos", parts.count <= 2 else { return problem(404) }
        let waived =
            (bug == .deleteWithoutAuth && request.method == "DELETE")
            || (bug == .changeWithoutAuth && ["PUT", "PATCH"].contains(request.method))
        guard authorized || waived else { return problem(401) }
        if parts.count == 1 {
            return request.method == "GET"
                ? list(request) : request.method == "POST" ? create(request) : problem(405)
        }
        guard let id = Int(parts[1]) else { return problem(400) }
        return item(request, id: id)
    }

    private func count() -> Int { state.withLock { $0.todos.count - $0.deleted.count } }

    private func list(_ request: HTTPRequest) -> HTTPResponse {
        let limit = request.query.last { $0.name == "limit" }.flatMap { Int($0.value) } ?? 20
        let offset = request.query.last { $0.name == "offset" }.flatMap { Int($0.value) } ?? 0
        guard (1...100).contains(limit), offset >= 0 else { return problem(400) }
        let (items, total) = state.withLock { state -> ([JSONValue], Int) in
            var live = state.todos.keys.sorted().filter { !state.deleted.contains($0) }
            let total = live.count + (bug == .totalCountsDeleted ? state.deleted.count : 0)
            if bug == .newestUnlisted, !live.isEmpty { live.removeLast() }
            if bug == .benign { live.reverse() }
            return (
                live.dropFirst(offset).prefix(limit).compactMap { state.todos[$0].map(JSONValue.object) },
                total
            )
        }
        return json(
            200,
            .object(
                JSONObject([
                    ("items", .array(items)), ("total", .number(JSONNumber(total))),
                    ("limit", .number(JSONNumber(limit))),
                    ("offset", .number(JSONNumber(offset))),
                ])))
    }

    private func create(_ request: HTTPRequest) -> HTTPResponse {
        guard var fields = fields(request, full: true) else { return problem(400) }
        if bug == .createIgnoresPriority { fields["priority"] = "low" }
        let todo = state.withLock { state -> JSONObject in
            var todo = stored(fields)
            todo["id"] = .number(JSONNumber(state.next))
            state.todos[state.next] = todo
            state.next += 1
            return todo
        }
        return json(201, .object(todo))
    }

    private func item(_ request: HTTPRequest, id: Int) -> HTTPResponse {
        guard let current = state.withLock({ $0.deleted.contains(id) ? nil : $0.todos[id] }) else {
            return problem(404)
        }
        switch request.method {
        case "GET":
            return json(200, .object(current))
        case "DELETE":
            state.withLock { _ = $0.deleted.insert(id) }
            return HTTPResponse(status: 204)
        case "PUT", "PATCH":
            guard let fields = fields(request, full: request.method == "PUT") else { return problem(400) }
            var todo = request.method == "PUT" || bug == .patchResets ? JSONObject() : current
            if request.method == "PATCH", bug == .patchResets { todo["title"] = current["title"] }
            for (name, value) in stored(fields).members { todo[name] = value }
            todo["id"] = .number(JSONNumber(id))
            let kept = Self.withDefaults(todo)
            state.withLock { $0.todos[id] = kept }
            return json(200, .object(kept))
        default:
            return problem(405)
        }
    }

    /// The body's fields; nil when it is not a valid todo (a replace or create needs a title).
    private func fields(_ request: HTTPRequest, full: Bool) -> JSONObject? {
        guard case .object(let object)? = try? JSONParser.parse(request.body) else { return nil }
        if full {
            guard case .string(let title)? = object["title"], !title.isEmpty else { return nil }
        }
        return full ? Self.withDefaults(object) : object
    }

    private static func withDefaults(_ object: JSONObject) -> JSONObject {
        var filled = object
        for (name, value) in defaults where filled[name] == nil { filled[name] = value }
        return filled
    }

    /// What the server keeps of the fields it was sent.
    private func stored(_ fields: JSONObject) -> JSONObject {
        var kept = fields
        if bug == .titleLowercased, case .string(let title)? = kept["title"] {
            kept["title"] = .string(title.lowercased())
        }
        if bug == .dueShifted, case .string(let due)? = kept["due"], due.count == 10 {
            kept["due"] = .string(String(due.prefix(8)) + (due.hasSuffix("01") ? "02" : "01"))
        }
        if bug == .benign {
            if case .string(let contact)? = kept["contact"] {
                kept["contact"] = .string(contact.lowercased())
            }
            if case .array(let tags)? = kept["tags"] {
                kept["tags"] = .array(tags.sorted { Template.plainText($0) < Template.plainText($1) })
            }
        }
        return kept
    }

    private func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"], body: JSONSerializer().bytes(value)
        )
    }

    private func problem(_ status: Int) -> HTTPResponse {
        json(status, .object(JSONObject([("detail", .string("refused with \(status)"))])))
    }
}
