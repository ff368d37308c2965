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
                // The title the description bounds is checked, as Kinto checks its fields.
                guard let body = (try? JSONParser.parse(request.body))?.objectValue,
                    body["title"].map({ ($0.stringValue?.count ?? 11) <= 10 }) ?? true
                else {
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

    /// Prefect's shape: flows with a bulk delete (`POST /flows/bulk_delete`, which with an empty
    /// filter deletes every flow, and with them every run of another resource), written before
    /// the runs' own operations.
    static let flowsAndRuns = #"""
        {"openapi": "3.1.0", "info": {"title": "Flows", "version": "1"},
         "paths": {
           "/flows/": {"post": {"operationId": "createFlow", "requestBody": {"required": true, "content": {"application/json": {
               "schema": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 10}}}}}},
             "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"id": {"type": "string"}}}}}}}}},
           "/flows/{id}": {"get": {"operationId": "getFlow", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/flows/bulk_delete": {"post": {"operationId": "bulkDeleteFlows", "requestBody": {"content": {"application/json": {
               "schema": {"type": "object", "properties": {"limit": {"type": "integer", "minimum": 0, "maximum": 5}}}}}},
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/runs/": {"post": {"operationId": "createRun", "requestBody": {"required": true, "content": {"application/json": {
               "schema": {"type": "object", "properties": {"name": {"type": "string", "maxLength": 10}}}}}},
             "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"id": {"type": "string"}}}}}}}}},
           "/runs/{id}": {
             "get": {"operationId": "getRun", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}},
             "delete": {"operationId": "deleteRun", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"204": {"description": "gone"},
                             "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a bulk delete that empties another resource too is fuzzed after every other endpoint")
    func bulkDeleteLast() async throws {
        let store = Locked<(next: Int, ids: Set<String>)>((0, []))
        let run = try await LoopbackFuzz.run(Self.flowsAndRuns, cases: 4, stateless: false) { request in
            let segments = request.path.split(separator: "/").map(String.init)
            switch (request.method, segments.first ?? "", segments.count) {
            case ("POST", _, 1):
                guard (try? JSONParser.parse(request.body))?.objectValue != nil else {
                    return jsonAnswer(400)
                }
                let id = store.withLock { state in
                    state.next += 1
                    state.ids.insert("x\(state.next)")
                    return "x\(state.next)"
                }
                return jsonAnswer(201, #"{"id": "\#(id)"}"#)
            case ("POST", "flows", 2):
                // Every flow, and with them every run.
                store.withLock { $0.ids.removeAll() }
                return jsonAnswer(200)
            case ("GET", _, 2):
                return store.current.ids.contains(segments[1]) ? jsonAnswer(200) : jsonAnswer(404)
            case ("DELETE", "runs", 2):
                let found = store.withLock { $0.ids.remove(segments[1]) != nil }
                return found ? HTTPResponse(status: 204) : jsonAnswer(404)
            default:
                return HTTPResponse(
                    status: 405, headers: ["Allow": segments.count == 1 ? "POST" : "GET, DELETE"])
            }
        }
        let bulk = try #require(run.seen.firstIndex { $0.hasPrefix("POST /flows/bulk_delete") })
        let lastRead = try #require(run.seen.lastIndex { $0.hasPrefix("GET /runs/x") })
        #expect(bulk > lastRead, "the bulk delete came before the runs' item reads: \(run.seen)")
        #expect(
            !run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
    }
}
