import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// A `DELETE` on a collection path empties the server for everything fuzzed after it: Kinto's
/// `DELETE /buckets` deletes every bucket of the caller, and its description lists it before the
/// bucket's item operations.
@Suite("A collection's DELETE is fuzzed after the items it would delete")
struct CollectionDeleteOrderTests {
    /// Buckets as Kinto describes them: list, create and delete-all on the collection, written
    /// before the item's read and delete.
    static let buckets = #"""
        {"openapi": "3.0.3", "info": {"title": "Buckets", "version": "1"},
         "paths": {
           "/buckets": {
             "get": {"operationId": "listBuckets", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}},
             "post": {"operationId": "createBucket", "requestBody": {"required": true, "content": {"application/json": {
                 "schema": {"type": "object", "properties": {"title": {"type": "string", "maxLength": 10}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                   "properties": {"id": {"type": "string"}}}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "delete": {"operationId": "deleteBuckets", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}}},
           "/buckets/{id}": {
             "get": {"operationId": "getBucket", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "delete": {"operationId": "deleteBucket", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test(
        "the valid reads of an item endpoint find the items the stories left, and the delete-all still runs")
    func itemsReadBeforeTheCollectionIsEmptied() async throws {
        let store = Locked<(next: Int, ids: Set<String>)>((1, []))
        let reads = Locked<[Bool]>([])
        let run = try await LoopbackFuzz.run(Self.buckets, stateless: false) { request in
            let segments = request.path.split(separator: "/").map(String.init)
            switch (request.method, segments.count) {
            case ("GET", 1):
                let ids = store.current.ids.sorted().map { #"{"id": "\#($0)"}"# }
                return jsonAnswer(200, "[" + ids.joined(separator: ",") + "]")
            case ("POST", 1):
                guard request.headers["Content-Type"] == "application/json" else {
                    return HTTPResponse(status: 415)
                }
                guard (try? JSONParser.parse(request.body))?.objectValue != nil else {
                    return jsonAnswer(400)
                }
                let id = store.withLock { state in
                    state.next += 1
                    state.ids.insert("b\(state.next)")
                    return "b\(state.next)"
                }
                return jsonAnswer(201, #"{"id": "\#(id)"}"#)
            case ("DELETE", 1):
                store.withLock { $0.ids.removeAll() }
                return jsonAnswer(200, "[]")
            case ("GET", 2):
                let found = store.current.ids.contains(segments[1])
                reads.withLock { $0.append(found) }
                return found ? jsonAnswer(200, #"{"id": "\#(segments[1])"}"#) : jsonAnswer(404)
            case ("DELETE", 2):
                let found = store.withLock { $0.ids.remove(segments[1]) != nil }
                return found ? jsonAnswer(200) : jsonAnswer(404)
            default:
                return HTTPResponse(
                    status: 405, headers: ["Allow": segments.count == 1 ? "GET, POST, DELETE" : "GET, DELETE"]
                )
            }
        }
        let found = reads.current.filter { $0 }.count
        // The story reads its items a few times; the fuzz phase's valid reads (ten cases) use the
        // items the story left, so most reads find one.
        #expect(found >= 8, "\(found) of \(reads.current.count) reads found an item\n\(run.described)")
        #expect(run.seen.contains("DELETE /buckets"), "the delete-all is still fuzzed")
        #expect(run.findings.isEmpty, "\(run.described)")
    }
}
