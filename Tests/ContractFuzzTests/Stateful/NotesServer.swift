import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import JSONSchema

/// A small notes API, written the way a framework app behaves, in a correct variant and with the
/// state bugs real servers have: the stateful checks must find each bug and nothing on the
/// correct server.
enum NotesBug: String, CaseIterable, Sendable, CustomStringConvertible {
    case none, useAfterFree, notReadable, notListed, updateNoop, updateOtherField, ignoresLimit, ignoredAuth,
        otherUsersNotes, brokenLink

    var description: String { rawValue }
}

/// The OpenAPI description the notes server publishes.
let notesDescription = #"""
    {"openapi": "3.0.3", "info": {"title": "Notes", "version": "1.0.0"},
     "security": [{"basic": []}],
     "components": {
       "securitySchemes": {"basic": {"type": "http", "scheme": "basic"}},
       "schemas": {
         "Note": {"type": "object", "required": ["id", "title", "done", "link"], "properties": {
           "id": {"type": "integer", "readOnly": true}, "title": {"type": "string", "minLength": 1, "maxLength": 40},
           "done": {"type": "boolean"}, "link": {"type": "string", "readOnly": true}}},
         "NoteInput": {"type": "object", "required": ["title"], "additionalProperties": false, "properties": {
           "title": {"type": "string", "minLength": 1, "maxLength": 40}, "done": {"type": "boolean"}}},
         "NotePatch": {"type": "object", "additionalProperties": false, "properties": {
           "title": {"type": "string", "minLength": 1, "maxLength": 40}, "done": {"type": "boolean"}}},
         "Problem": {"type": "object", "required": ["detail"], "properties": {"detail": {"type": "string"}}}
       },
       "responses": {
         "Invalid": {"description": "invalid", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
         "Unauthorized": {"description": "no credentials", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
         "NotFound": {"description": "no such note", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
       }
     },
     "paths": {
       "/notes": {
         "get": {"operationId": "listNotes",
           "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50}}],
           "responses": {"200": {"description": "the notes", "content": {"application/json": {"schema": {
             "type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}},
             "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"}}},
         "post": {"operationId": "createNote",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NoteInput"}}}},
           "responses": {"201": {"description": "created", "headers": {"Location": {"schema": {"type": "string"}}},
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
             "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"}}}
       },
       "/notes/{id}": {
         "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
         "get": {"operationId": "getNote", "responses": {
           "200": {"description": "the note", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
           "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"},
           "404": {"$ref": "#/components/responses/NotFound"}}},
         "put": {"operationId": "replaceNote",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NoteInput"}}}},
           "responses": {"200": {"description": "replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
             "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"},
             "404": {"$ref": "#/components/responses/NotFound"}}},
         "patch": {"operationId": "updateNote",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NotePatch"}}}},
           "responses": {"200": {"description": "updated", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
             "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"},
             "404": {"$ref": "#/components/responses/NotFound"}}},
         "delete": {"operationId": "deleteNote", "responses": {"204": {"description": "deleted"},
           "400": {"$ref": "#/components/responses/Invalid"}, "401": {"$ref": "#/components/responses/Unauthorized"},
           "404": {"$ref": "#/components/responses/NotFound"}}}
       }
     }}
    """#

/// The notes server: alice (`alice:alice-pass`) and bob (`bob:bob-pass`) each see their own notes.
final class NotesServer: Sendable {
    struct Note: Sendable {
        var id: Int
        var owner: String
        var title: String
        var done: Bool
        var deleted = false
    }

    private let bug: NotesBug
    private let state = Locked<(notes: [Note], next: Int)>(([], 1))

    init(bug: NotesBug) { self.bug = bug }

    static let users = ["alice": "alice-pass", "bob": "bob-pass"]

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.first == "notes", parts.count <= 2 else { return problem(404, "no route") }
        let allowed = parts.count == 1 ? "GET, POST" : "GET, PUT, PATCH, DELETE"
        guard allowed.contains(request.method) else {
            return HTTPResponse(status: 405, headers: ["Allow": allowed], body: [])
        }
        guard let user = user(of: request) ?? (bug == .ignoredAuth ? "alice" : nil) else {
            return problem(401, "credentials needed")
        }
        if parts.count == 1 { return request.method == "GET" ? list(request, user) : create(request, user) }
        guard let id = Int(parts[1]) else { return problem(400, "the id is not an integer") }
        return item(request, id: id, user: user)
    }

    private func user(of request: HTTPRequest) -> String? {
        guard let header = request.headers["Authorization"], header.hasPrefix("Basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6))),
            case let pair = String(decoding: data, as: UTF8.self).split(separator: ":", maxSplits: 1),
            pair.count == 2, Self.users[String(pair[0])] == String(pair[1])
        else { return nil }
        return String(pair[0])
    }

    private func list(_ request: HTTPRequest, _ user: String) -> HTTPResponse {
        var limit = 50
        if let text = request.query.last(where: { $0.name == "limit" })?.value {
            guard let value = Int(text), (1...50).contains(value) else {
                return problem(400, "limit is 1 to 50")
            }
            limit = value
        }
        if bug == .ignoresLimit { limit = 50 }
        let visible = state.withLock { state in
            state.notes.filter { $0.owner == user && (!$0.deleted || bug == .useAfterFree) }
        }
        let shown = bug == .notListed ? Array(visible.dropLast()) : visible
        return json(200, .array(shown.prefix(limit).map(encode)))
    }

    private func create(_ request: HTTPRequest, _ user: String) -> HTTPResponse {
        guard request.headers["Content-Type"]?.hasPrefix("application/json") == true else {
            return problem(400, "JSON only")
        }
        guard let fields = fields(request.body, requireTitle: true) else {
            return problem(400, "invalid note")
        }
        let note = state.withLock { state -> Note in
            let note = Note(
                id: state.next, owner: user, title: fields.title ?? "", done: fields.done ?? false)
            state.next += 1
            state.notes.append(note)
            return note
        }
        var response = json(201, encode(note))
        response.headers["Location"] = "/notes/\(note.id)"
        return response
    }

    private func item(_ request: HTTPRequest, id: Int, user: String) -> HTTPResponse {
        let found = state.withLock { state in
            state.notes.firstIndex {
                $0.id == id && ($0.owner == user || bug == .otherUsersNotes)
                    && (!$0.deleted || (bug == .useAfterFree && request.method == "GET"))
            }
        }
        guard let index = found, bug != .notReadable || request.method != "GET" else {
            return problem(404, "no note \(id)")
        }
        switch request.method {
        case "GET":
            return json(200, encode(state.withLock { $0.notes[index] }))
        case "DELETE":
            state.withLock { $0.notes[index].deleted = true }
            return HTTPResponse(status: 204)
        default:
            guard request.headers["Content-Type"]?.hasPrefix("application/json") == true,
                let fields = fields(request.body, requireTitle: request.method == "PUT")
            else { return problem(400, "invalid note") }
            let note = state.withLock { state -> Note in
                var note = state.notes[index]
                let answer: Note
                if request.method == "PUT" {
                    note.title = fields.title ?? note.title
                    note.done = fields.done ?? false
                } else {
                    if let title = fields.title { note.title = title }
                    if let done = fields.done { note.done = done }
                    if bug == .updateOtherField, fields.done == nil { note.done.toggle() }
                }
                answer = note
                if bug != .updateNoop { state.notes[index] = note }
                return answer
            }
            return json(200, encode(note))
        }
    }

    private func fields(_ body: [UInt8], requireTitle: Bool) -> (title: String?, done: Bool?)? {
        guard case .object(let object)? = try? JSONParser.parse(body),
            object.keys.allSatisfy({ ["title", "done"].contains($0) })
        else { return nil }
        var title: String?
        if let value = object["title"] {
            guard case .string(let text) = value, (1...40).contains(text.count) else { return nil }
            title = text
        } else if requireTitle {
            return nil
        }
        var done: Bool?
        if let value = object["done"] {
            guard case .bool(let flag) = value else { return nil }
            done = flag
        }
        return (title, done)
    }

    private func encode(_ note: Note) -> JSONValue {
        let link = bug == .brokenLink ? "/notes/\(note.id + 1000)" : "/notes/\(note.id)"
        return .object(
            JSONObject([
                ("id", .number(JSONNumber(note.id))), ("title", .string(note.title)),
                ("done", .bool(note.done)),
                ("link", .string(link)),
            ]))
    }

    private func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"], body: JSONSerializer().bytes(value)
        )
    }

    private func problem(_ status: Int, _ detail: String) -> HTTPResponse {
        json(status, .object(JSONObject([("detail", .string(detail))])))
    }
}
