import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// A made-up item whose unusual text (an emoji, an accent) is refused with 400 is tried again
/// with a plain made-up text: accepted there, the text decided and the refusal is reported (Kinto's
/// "Invalid object id" on ids its description leaves free); refused there too, a live item
/// decides as before.
@Suite("A made-up item's text or its state: which one a refusal is about")
struct ItemTextTests {
    static let buckets = #"""
        {"openapi": "3.0.3", "info": {"title": "Buckets", "version": "1"},
         "paths": {
           "/buckets": {"post": {"operationId": "createBucket",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
               "properties": {"note": {"type": "string", "maxLength": 10}}}}}},
             "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"type": "object",
               "required": ["id"], "properties": {"id": {"type": "string"}}}}}},
                           "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
           "/buckets/{id}": {
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
           "put": {"operationId": "putBucket",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
               "properties": {"note": {"type": "string", "maxLength": 10}}}}}},
             "responses": {"200": {"description": "kept", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "201": {"description": "made", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}},
           "get": {"operationId": "getBucket",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    /// A server keeping buckets by id. With `plainIDsOnly`, an id of anything but ASCII letters,
    /// digits, `_` and `-` is refused with 400 wherever it is sent; with `existingOnly`, a `PUT`
    /// to an id nobody made is refused with 400 (the item's state decides).
    static func server(plainIDsOnly: Bool, existingOnly: Bool) -> @Sendable (HTTPRequest) -> HTTPResponse {
        let made = Locked<Set<String>>([])
        return { request in
            let route = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if route == "/buckets", request.method == "POST" {
                let id = "b\(made.withLock { $0.count })"
                made.withLock { _ = $0.insert(id) }
                return jsonAnswer(201, #"{"id": "\#(id)"}"#)
            }
            guard route.hasPrefix("/buckets/") else { return jsonAnswer(404) }
            let id = String(route.dropFirst("/buckets/".count)).removingPercentEncoding ?? ""
            if plainIDsOnly,
                id.isEmpty
                    || !id.unicodeScalars.allSatisfy({
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
                                || $0 == "-")
                    })
            {
                return jsonAnswer(400, #"{"message": "Invalid object id"}"#)
            }
            switch request.method {
            case "GET":
                return made.current.contains(id) ? jsonAnswer(200, #"{"id": "x"}"#) : jsonAnswer(404)
            case "PUT":
                guard let body = (try? JSONParser.parse(request.body))?.objectValue,
                    (body["note"]?.stringValue?.count ?? 0) <= 10,
                    body["note"].map({ $0.stringValue != nil }) ?? true
                else { return jsonAnswer(400) }
                let exists = made.current.contains(id)
                if existingOnly && !exists { return jsonAnswer(400, #"{"message": "no such bucket"}"#) }
                made.withLock { _ = $0.insert(id) }
                return jsonAnswer(exists ? 200 : 201, #"{"id": "x"}"#)
            default:
                return HTTPResponse(status: 405, headers: ["Allow": "GET, PUT"])
            }
        }
    }

    @Test("an unusual id refused where a plain made-up one is taken: valid data refused")
    func unusualTextRefused() async throws {
        let run = try await LoopbackFuzz.run(
            Self.buckets, stateless: false, handler: Self.server(plainIDsOnly: true, existingOnly: false))
        // Refused on a write and on a read alike: the text decides wherever it is sent.
        for method in ["PUT", "GET"] {
            #expect(
                run.findings.contains {
                    $0.check == .positiveDataAcceptance && $0.status == 400
                        && $0.message.hasPrefix("\(method) /buckets/{id}")
                }, "\(run.described)")
        }
        #expect(run.seen.contains { $0.hasPrefix("PUT /buckets/conform") }, "\(run.seen)")
    }

    @Test("any made-up id refused, a known one taken: the item's state decides, no finding")
    func stateDecides() async throws {
        let run = try await LoopbackFuzz.run(
            Self.buckets, stateless: false, handler: Self.server(plainIDsOnly: false, existingOnly: true))
        #expect(
            !run.findings.contains { $0.check == .positiveDataAcceptance && $0.status == 400 },
            "\(run.described)")
    }

    @Test("an unusual item the run made, refused as a file where a new plain one is taken: no finding")
    func unusualItemTheRunMade() async throws {
        // Jupyter's contents: `PUT` makes a file at any text, and `POST` is refused at a file but
        // creates elsewhere (Jupyter copies into a path that does not exist yet).
        let files = Locked<Set<String>>([])
        let run = try await LoopbackFuzz.run(RootContainerTests.contents, stateless: false) { request in
            let route = request.path.split(separator: "?").first.map(String.init) ?? request.path
            guard route.hasPrefix("/contents/") else { return jsonAnswer(404) }
            let name = String(route.dropFirst("/contents/".count)).removingPercentEncoding ?? ""
            let entry = #"{"path": "\#(name)", "type": "file"}"#
            switch request.method {
            case "GET" where name.isEmpty:
                return jsonAnswer(200, #"{"path": "", "type": "directory", "content": []}"#)
            case "GET":
                return files.current.contains(name) ? jsonAnswer(200, entry) : jsonAnswer(404)
            case "PUT" where !name.isEmpty:
                guard let text = (try? JSONParser.parse(request.body))?.objectValue?["text"]?.stringValue,
                    text.count <= 20
                else { return jsonAnswer(400) }
                files.withLock { _ = $0.insert(name) }
                return jsonAnswer(201, entry)
            case "POST":
                if files.current.contains(name) {
                    return jsonAnswer(400, #"{"message": "Cannot POST to files"}"#)
                }
                return jsonAnswer(201, #"{"path": "untitled", "type": "file"}"#)
            default:
                return HTTPResponse(status: 405, headers: ["Allow": "GET, PUT, POST"])
            }
        }
        #expect(
            !run.findings.contains { $0.check == .positiveDataAcceptance && $0.status == 400 },
            "\(run.described)")
    }

    /// Prefect's `/concurrency_limits/tag/{tag}`: listed tags include an empty one, the path with
    /// an empty tag routes nowhere (404), and an API-version header of the wrong form is refused.
    static let tags = #"""
        {"openapi": "3.0.3", "info": {"title": "Tags", "version": "1"},
         "paths": {
           "/tags": {"get": {"operationId": "listTags",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array",
               "items": {"type": "object", "properties": {"tag": {"type": "string"}}}}}}}}}},
           "/tags/{tag}": {"get": {"operationId": "getTag",
             "parameters": [{"name": "tag", "in": "path", "required": true, "schema": {"type": "string"}},
                            {"name": "x-api-version", "in": "header", "schema": {"type": "string"}}],
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                           "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    /// A server for `tags`: with `checksVersion`, an `x-api-version` that is not digits and dots
    /// is refused with 400 on an existing tag; with `plainTagsOnly`, a tag of anything but ASCII is.
    static func tagServer(checksVersion: Bool, plainTagsOnly: Bool) -> @Sendable (HTTPRequest) -> HTTPResponse
    {
        { request in
            let route = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if route == "/tags" { return jsonAnswer(200, #"[{"tag": ""}, {"tag": "fast"}]"#) }
            let tag = String(route.dropFirst("/tags/".count)).removingPercentEncoding ?? ""
            if tag.isEmpty { return jsonAnswer(404, #"{"detail": "Not Found"}"#) }
            if plainTagsOnly, !tag.unicodeScalars.allSatisfy(\.isASCII) {
                return jsonAnswer(400, #"{"detail": "bad tag"}"#)
            }
            if checksVersion, let version = request.headers["x-api-version"],
                !version.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." })
            {
                return jsonAnswer(400, #"{"detail": "bad version"}"#)
            }
            return tag == "fast" ? jsonAnswer(200) : jsonAnswer(404)
        }
    }

    @Test("a refusal is not the item's state because an empty segment, another route, answered 404")
    func emptySegmentIsNoItem() async throws {
        try await Self.expectRefusalReported(by: Self.tagServer(checksVersion: true, plainTagsOnly: false))
    }

    @Test(
        "a read of a made-up unusual tag refused where a plain made-up one is not found: valid data refused")
    func unusualReadRefused() async throws {
        try await Self.expectRefusalReported(by: Self.tagServer(checksVersion: false, plainTagsOnly: true))
    }

    /// Fuzzes `tags` against `handler` and expects a valid request's 400 among the findings.
    static func expectRefusalReported(by handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse)
        async throws
    {
        let run = try await LoopbackFuzz.run(Self.tags, stateless: false, handler: handler)
        #expect(
            run.findings.contains { $0.check == .positiveDataAcceptance && $0.status == 400 },
            "\(run.described)\n\(run.seen.joined(separator: "\n"))")
    }
}
