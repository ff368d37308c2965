import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// What a valid request may carry: what the description's words and examples allow, values only
/// the server issues when it issued them, and the whole range of what the schema allows, patterns
/// and extra members included.
@Suite("Valid requests as the description allows them", .serialized)
struct ValidRequestRuleTests {
    private static func value(_ name: String, in request: HTTPRequest) -> String? {
        request.query.first { $0.name == name }?.value
    }

    @Test("'0 for no content, 1 for content': only 0 and 1 are called valid")
    func wordsListValues() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Contents", "version": "1"},
             "paths": {"/contents": {"get": {"operationId": "getContents",
               "parameters": [{"name": "content", "in": "query", "type": "integer",
                 "description": "Return content (0 for no content, 1 for return content)"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}},
                             "400": {"description": "bad", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description,
            handler: allowing(["GET"]) { request in
                guard let content = Self.value("content", in: request) else { return jsonAnswer(200) }
                return ["0", "1"].contains(content)
                    ? jsonAnswer(200) : jsonAnswer(400, #"{"message": "invalid"}"#)
            })
        #expect(run.findings.isEmpty, "\(run.described)")
        #expect(run.requests.contains { Self.value("content", in: $0) == "1" })
    }

    /// Prefect's CronSchedule: a free string whose examples show its shape.
    static let schedules = #"""
        {"openapi": "3.1.0", "info": {"title": "Schedules", "version": "1"},
         "paths": {"/schedules": {"post": {"operationId": "createSchedule",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {
             "type": "object", "required": ["cron"], "additionalProperties": false,
             "properties": {"cron": {"type": "string", "examples": ["0 0 * * *"]},
               "timezone": {"anyOf": [{"type": "string"}, {"type": "null"}], "examples": ["America/New_York"]},
               "interval": {"type": "number", "description": "The interval, in seconds. Must be at least 1 second."}}}}}},
           "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a free string with examples takes them: \"\" is no cron expression, \"e\" no time zone")
    func examplesOfFreeStrings() async throws {
        let run = try await LoopbackFuzz.run(
            Self.schedules,
            handler: allowing(["POST"]) { request in
                guard let body = try? JSONParser.parse(request.body), let object = body.objectValue,
                    object["cron"] == "0 0 * * *",
                    [nil, .null, "America/New_York"].contains(object["timezone"]),
                    (object["interval"]?.numberValue).map({ !($0 < JSONNumber(1)) }) ?? true
                else { return jsonAnswer(422, #"{"detail": "invalid"}"#) }
                return jsonAnswer(201)
            })
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        #expect(run.outcome.requestCounts["createSchedule"]?[.positiveDataAcceptance] ?? 0 > 1)
    }

    @Test(
        "a required property whose words Conform cannot read makes its requests probes; a crash still counts")
    func unreadWords() async throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "Kernels", "version": "1"},
             "paths": {"/kernels": {"post": {"operationId": "startKernel",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {
                 "type": "object", "required": ["name"],
                 "properties": {"name": {"type": "string", "description": "Must be a valid kernelspec name"}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let refusing = try await LoopbackFuzz.run(
            description,
            handler: allowing(["POST"]) { _ in jsonAnswer(400, #"{"message": "No such kernel"}"#) })
        #expect(!refusing.findings.contains { $0.check == .positiveDataAcceptance }, "\(refusing.described)")
        let crashing = try await LoopbackFuzz.run(
            description, handler: allowing(["POST"]) { _ in jsonAnswer(500, #"{"message": "boom"}"#) })
        // A probe's crash is a server error like any other.
        #expect(
            crashing.findings.contains { $0.check == .notAServerError && $0.status == 500 },
            "\(crashing.described)")
    }

    @Test("a page token is a value only the server issues: never made up")
    func pageTokens() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Records", "version": "1"},
             "paths": {"/records": {"get": {"operationId": "listRecords",
               "parameters": [{"name": "_token", "in": "query", "type": "string"},
                              {"name": "_limit", "in": "query", "type": "integer", "minimum": 0, "maximum": 100}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}},
                             "400": {"description": "bad", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description,
            handler: allowing(["GET"]) { request in
                Self.value("_token", in: request) == nil
                    ? jsonAnswer(200, #"{"data": []}"#)
                    : jsonAnswer(400, #"{"message": "_token has invalid content"}"#)
            })
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
    }

    @Test("a body with a member its schema does not name, where it allows one: refusing it is a finding")
    func extraMember() async throws {
        let description = #"""
            {"openapi": "3.0.3", "info": {"title": "Buckets", "version": "1"},
             "paths": {"/buckets": {"post": {"operationId": "createBucket",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {
                 "type": "object", "properties": {"data": {"type": "object"}}}}}},
               "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let refuse: @Sendable (HTTPRequest) -> HTTPResponse = allowing(["POST"]) { request in
            guard let object = (try? JSONParser.parse(request.body))?.objectValue else {
                return jsonAnswer(400)
            }
            return object.keys.allSatisfy { $0 == "data" }
                ? jsonAnswer(201) : jsonAnswer(400, #"{"message": "Unrecognized keys"}"#)
        }
        let open = try await LoopbackFuzz.run(description, handler: refuse)
        let refused = open.findings.filter { $0.check == .positiveDataAcceptance && $0.status == 400 }
        #expect(refused.contains { ($0.actual ?? "").contains("conform_extra") }, "\(open.described)")
        let closed = try await LoopbackFuzz.run(
            description.replacingOccurrences(
                of: #""type": "object", "properties""#,
                with: #""type": "object", "additionalProperties": false, "properties""#),
            handler: refuse)
        #expect(
            !closed.requests.contains { String(decoding: $0.body, as: UTF8.self).contains("conform_extra") })
    }

    @Test("a header's pattern free on one side is sent with text there: a crash on it is found")
    func patternedHeader() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Buckets", "version": "1"},
             "paths": {"/buckets": {"get": {"operationId": "listBuckets",
               "parameters": [{"name": "If-None-Match", "in": "header", "type": "string", "pattern": "^\"([0-9]+?)\"$|\\*"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}},
                             "304": {"description": "not modified"}, "400": {"description": "bad", "schema": {"type": "object"}},
                             "412": {"description": "changed", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description,
            handler: allowing(["GET"]) { request in
                // As Kinto 26.5: a value after the `*` is read as an entity tag it cannot parse.
                guard let value = request.header("If-None-Match"), value.hasPrefix("*"), value.count > 1
                else {
                    return jsonAnswer(200)
                }
                return jsonAnswer(500, #"{"message": "A programmatic error occurred"}"#)
            })
        let sent = run.requests.compactMap { $0.header("If-None-Match") }
        #expect(run.findings.contains { $0.status == 500 }, "\(run.described) \(sent) \(run.seen)")
    }

    @Test("a maximum of 2^63 is reached, and passed by one as invalid data")
    func hugeMaximum() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Records", "version": "1"},
             "paths": {"/records": {"get": {"operationId": "listRecords",
               "parameters": [{"name": "_since", "in": "query", "type": "integer", "minimum": 0, "maximum": 9223372036854775808}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}},
                             "400": {"description": "bad", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description,
            handler: allowing(["GET"]) { request in
                // As Kinto 26.5: a timestamp past 10^12 is refused although 2^63 is declared.
                guard let since = Self.value("_since", in: request) else { return jsonAnswer(200) }
                return since.count > 12
                    ? jsonAnswer(400, #"{"message": "Invalid value for _since"}"#) : jsonAnswer(200)
            })
        #expect(
            run.findings.contains { $0.check == .positiveDataAcceptance && $0.status == 400 },
            "\(run.described)")
        let sent = run.requests.compactMap { Self.value("_since", in: $0) }
        #expect(sent.contains("9223372036854775808"), "the maximum itself: \(sent)")
        #expect(sent.contains("9223372036854775809"), "one past it, as invalid data: \(sent)")
    }
}
