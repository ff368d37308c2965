import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// One seed, one run: the requests and the findings do not depend on which task the scheduler
/// ran first, even where one resource's answers depend on another's state.
@Suite("The same seed gives the same run", .serialized)
struct SameSeedTests {
    /// Two resources, one server: listing notes fails while an odd number of tags exist, so a
    /// run whose groups interleave by timing would see that failure only sometimes.
    static let notesAndTags = #"""
        {"openapi": "3.0.3", "info": {"title": "Notes", "version": "1"},
         "paths": {
           "/notes": {"get": {"operationId": "listNotes", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "array"}}}}}},
             "post": {"operationId": "addNote", "requestBody": {"required": true, "content": {"application/json": {
               "schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "maxLength": 20}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/tags": {"post": {"operationId": "addTag", "requestBody": {"required": true, "content": {"application/json": {
               "schema": {"type": "object", "required": ["tag"], "properties": {"tag": {"type": "string", "maxLength": 10}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/status": {"get": {"operationId": "status", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    /// A fresh server for `notesAndTags`.
    static func server() -> @Sendable (HTTPRequest) -> HTTPResponse {
        let tags = Locked<Int>(0)
        return { request in
            let valid = (try? JSONParser.parse(request.body))?.objectValue != nil
            switch (request.method, request.path) {
            case ("GET", "/notes"):
                return tags.current % 2 == 1 ? jsonAnswer(500, #"{"error": "odd"}"#) : jsonAnswer(200, "[]")
            case ("POST", "/notes"):
                return valid ? jsonAnswer(201, #"{"id": 1}"#) : jsonAnswer(422)
            case ("POST", "/tags"):
                guard valid else { return jsonAnswer(422) }
                tags.withLock { $0 += 1 }
                return jsonAnswer(201, #"{"id": 1}"#)
            case ("GET", "/status"):
                return jsonAnswer(200)
            default:
                return HTTPResponse(
                    status: 405, headers: ["Allow": request.path == "/notes" ? "GET, POST" : "GET"])
            }
        }
    }

    @Test(
        "two fuzz runs with one seed send the same requests and report the same findings",
        arguments: [1, 9] as [UInt64])
    func twoRuns(seed: UInt64) async throws {
        let first = try await LoopbackFuzz.run(
            Self.notesAndTags, seed: seed, stateless: false, handler: Self.server())
        let second = try await LoopbackFuzz.run(
            Self.notesAndTags, seed: seed, stateless: false, handler: Self.server())
        #expect(first.seen == second.seen)
        #expect(first.described == second.described)
        // The reproducers, each run's own port aside.
        func curls(_ run: LoopbackFuzz) -> [String] {
            run.findings.map { ($0.curl ?? "").replacing(/127\.0\.0\.1:\d+/, with: "127.0.0.1") }
        }
        #expect(curls(first) == curls(second))
    }

    /// Jupyter's contents: `POST /entries/{path}` creates a file inside a directory, and is refused
    /// with 400 at a file.
    static let entries = #"""
        {"openapi": "3.0.3", "info": {"title": "Entries", "version": "1"},
         "paths": {
           "/entries": {"post": {"operationId": "createEntry", "requestBody": {"required": true, "content": {"application/json": {
               "schema": {"type": "object", "required": ["name", "type"], "additionalProperties": false,
                 "properties": {"name": {"type": "string", "pattern": "^[a-z]{4}$"}, "type": {"enum": ["file", "directory"]}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/entries/{name}": {
             "get": {"operationId": "getEntry", "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "post": {"operationId": "createInside", "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a valid request refused at one item and accepted at another is the item's state, not a rejection")
    func itemState() async throws {
        let kinds = Locked<[String: String]>([:])
        let run = try await LoopbackFuzz.run(Self.entries, stateless: false) { request in
            let segments = request.path.split(separator: "/").map(String.init)
            switch (request.method, segments.count) {
            case ("POST", 1):
                guard let object = (try? JSONParser.parse(request.body))?.objectValue,
                    let name = object["name"]?.stringValue, let type = object["type"]?.stringValue
                else { return jsonAnswer(400) }
                kinds.withLock { $0[name] = type }
                return jsonAnswer(201, #"{"name": "\#(name)", "type": "\#(type)"}"#)
            case (let method, 2):
                guard let kind = kinds.current[segments[1]] else { return jsonAnswer(404) }
                if method == "GET" {
                    return jsonAnswer(200, #"{"name": "\#(segments[1])", "type": "\#(kind)"}"#)
                }
                guard method == "POST" else {
                    return HTTPResponse(status: 405, headers: ["Allow": "GET, POST"])
                }
                return kind == "file"
                    ? jsonAnswer(400, #"{"message": "Cannot POST to files"}"#) : jsonAnswer(201)
            default:
                return HTTPResponse(status: 405, headers: ["Allow": "POST"])
            }
        }
        let inside = try #require(run.result("createInside/positive_data_acceptance"))
        #expect(inside.outcome == .passed, "\(run.described)")
        #expect(inside.reason?.contains("the item's state decides") == true, "\(inside.reason ?? "")")
    }
}
