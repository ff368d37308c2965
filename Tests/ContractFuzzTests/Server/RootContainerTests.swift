import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Jupyter's contents: items are created on their own path (`PUT /api/contents/{path}`), the path
/// with an empty id lists the root folder, and `POST /api/contents/{path}` creates an untitled file
/// inside a folder, refused with 400 at a file. The stories create files only, so the root folder
/// is the one item where that `POST` can succeed.
@Suite("A POST inside an item is tried at the root folder before it is called a rejection")
struct RootContainerTests {
    static let contents = #"""
        {"openapi": "3.0.3", "info": {"title": "Contents", "version": "1"},
         "paths": {
           "/contents/{path}": {
             "parameters": [{"name": "path", "in": "path", "required": true, "schema": {"type": "string"}}],
             "put": {"operationId": "saveFile",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                 "required": ["text"], "properties": {"text": {"type": "string", "maxLength": 20}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Entry"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "get": {"operationId": "getEntry",
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Entry"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "post": {"operationId": "createInside",
               "requestBody": {"content": {"application/json": {"schema": {"type": "object", "additionalProperties": false,
                 "properties": {"ext": {"type": "string", "enum": [".txt", ".md"]}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Entry"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}},
         "components": {"schemas": {"Entry": {"type": "object", "required": ["path", "type"],
           "properties": {"path": {"type": "string"}, "type": {"enum": ["file", "directory"]},
             "content": {"type": "array", "items": {"type": "object", "properties": {"path": {"type": "string"}}}}}}}}}
        """#

    /// A server with a root folder and the files `PUT` saves in it; `POST` creates an untitled
    /// file in a folder, and is refused at a file unless `refusesEverywhere` makes it refuse at
    /// the root too (a server that rejects the valid request wherever it is sent).
    static func server(refusesEverywhere: Bool) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let files = Locked<[String]>([])
        return { request in
            let route = request.path.split(separator: "?").first.map(String.init) ?? request.path
            guard route.hasPrefix("/contents/") else { return jsonAnswer(404) }
            let name = String(route.dropFirst("/contents/".count)).removingPercentEncoding ?? ""
            let isFile = files.current.contains(name)
            func entry(_ path: String, _ type: String) -> String {
                #"{"path": "\#(path)", "type": "\#(type)"}"#
            }
            switch request.method {
            case "GET" where name.isEmpty:
                let listed = files.current.map { #"{"path": "\#($0)"}"# }.joined(separator: ",")
                return jsonAnswer(200, #"{"path": "", "type": "directory", "content": [\#(listed)]}"#)
            case "GET":
                return isFile ? jsonAnswer(200, entry(name, "file")) : jsonAnswer(404)
            case "PUT" where !name.isEmpty:
                guard let object = (try? JSONParser.parse(request.body))?.objectValue,
                    let text = object["text"]?.stringValue, text.count <= 20
                else { return jsonAnswer(400) }
                files.withLock { if !$0.contains(name) { $0.append(name) } }
                return jsonAnswer(201, entry(name, "file"))
            case "POST":
                if isFile || (name.isEmpty && refusesEverywhere) {
                    return jsonAnswer(400, #"{"message": "Cannot POST to files"}"#)
                }
                guard name.isEmpty else { return jsonAnswer(404) }
                return jsonAnswer(201, entry("untitled", "file"))
            default:
                return HTTPResponse(status: 405, headers: ["Allow": "GET, PUT, POST"])
            }
        }
    }

    @Test("refused at a file, accepted at the root folder: the item's state decides, no finding")
    func acceptedAtTheRoot() async throws {
        let run = try await LoopbackFuzz.run(
            Self.contents, stateless: false, handler: Self.server(refusesEverywhere: false))
        #expect(run.seen.contains("GET /contents/"), "the story lists the root folder")
        #expect(run.seen.contains { $0.hasPrefix("POST /contents/") && $0 != "POST /contents/" })
        #expect(run.seen.contains("POST /contents/"), "the refused request is tried at the root")
        let inside = try #require(run.result("createInside/positive_data_acceptance"))
        #expect(inside.outcome == .passed, "\(run.described)")
        #expect(inside.reason?.contains("the item's state decides") == true, "\(inside.reason ?? "")")
    }

    @Test("refused at the root folder too: still a rejection of valid data")
    func refusedEverywhere() async throws {
        let run = try await LoopbackFuzz.run(
            Self.contents, stateless: false, handler: Self.server(refusesEverywhere: true))
        #expect(run.seen.contains("POST /contents/"))
        let inside = try #require(run.result("createInside/positive_data_acceptance"))
        #expect(inside.outcome == .failed, "\(run.described)")
    }
}
