import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Items created on their own path have no collection; a story guesses their listing at the item
/// path with an empty id (Jupyter's `/api/contents/`). httpbin's `PUT /status/{codes}` has no such
/// listing: `/status/` is Flask's HTML 404, which broke no rule of its description.
@Suite("A listing the story guessed is judged only when it exists")
struct GuessedListingTests {
    static let things = #"""
        {"openapi": "3.0.3", "info": {"title": "Things", "version": "1"},
         "paths": {
           "/things/{name}": {
             "put": {"operationId": "putThing", "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"note": {"type": "string", "maxLength": 10}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "get": {"operationId": "getThing", "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("the item path with an empty id answered with an HTML 404 is no finding")
    func noListingThere() async throws {
        let names = Locked<Set<String>>([])
        let run = try await LoopbackFuzz.run(Self.things, stateless: false) { request in
            let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(
                String.init)
            guard segments.count == 3, segments[1] == "things", !segments[2].isEmpty else {
                return HTTPResponse(
                    status: 404, headers: ["Content-Type": "text/html"],
                    body: Array("<h1>Not Found</h1>".utf8))
            }
            switch request.method {
            case "PUT":
                guard request.headers["Content-Type"] == "application/json" else {
                    return HTTPResponse(status: 415)
                }
                guard (try? JSONParser.parse(request.body))?.objectValue != nil else {
                    return jsonAnswer(400)
                }
                names.withLock { _ = $0.insert(segments[2]) }
                return jsonAnswer(201, #"{"name": "x"}"#)
            case "GET":
                return names.current.contains(segments[2])
                    ? jsonAnswer(200, #"{"name": "x"}"#) : jsonAnswer(404)
            default:
                return HTTPResponse(status: 405, headers: ["Allow": "GET, PUT"])
            }
        }
        #expect(run.seen.contains("GET /things/"), "the story guesses the listing")
        let guessed = run.findings.filter { ($0.curl ?? "").contains("/things/ ") }
        #expect(guessed.isEmpty, "\(run.described)")
    }
}
