import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Every property of a body is reached whatever `--cases` is: its edges in a valid body of its own,
/// and a violation in an invalid one. Both servers here fail as Prefect 3.9 does, where only the
/// closest peer found it at a budget of five.
@Suite("Body coverage beyond the budget")
struct BodyCoverageTests {
    /// Prefect's `POST /events/count-by/{countable}`: a filter, a unit and an unbounded interval.
    static let counts = #"""
        {"openapi": "3.1.0", "info": {"title": "Counts", "version": "1"},
         "paths": {"/counts": {"post": {"operationId": "countEvents",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {
             "type": "object", "required": ["filter"],
             "properties": {
               "filter": {"type": "object", "properties": {
                 "since": {"type": "string", "format": "date-time"},
                 "until": {"type": "string", "format": "date-time"},
                 "order": {"enum": ["ASC", "DESC"]}}},
               "unit": {"enum": ["day", "hour", "week"]},
               "label": {"type": "string", "maxLength": 20},
               "interval": {"type": "number", "minimum": 0.01}}}}}},
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array"}}}},
                         "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a far interval sent on its own, with the filter left plain, is found at a budget of two")
    func farNumberOnItsOwn() async throws {
        // The default time range is a day: an interval of 2^31 seconds or more overflows the
        // bucket arithmetic only while no range is given.
        let run = try await LoopbackFuzz.run(Self.counts, cases: 2) { request in
            guard let body = (try? JSONParser.parse(request.body))?.objectValue,
                let filter = body["filter"]?.objectValue
            else { return jsonAnswer(422) }
            if let interval = body["interval"]?.numberValue?.doubleValue, interval >= 2_147_483_648,
                filter["since"] == nil
            {
                return jsonAnswer(500, #"{"detail": "overflow"}"#)
            }
            return jsonAnswer(200, "[]")
        }
        let crash = try #require(
            run.findings.first { $0.check == .positiveDataAcceptance && $0.status == 500 }, "\(run.described)"
        )
        #expect(crash.actual?.contains(#""filter":{}"#) == true, "\(crash.actual ?? "")")
    }

    /// Prefect's `POST /task_runs/`: two required keys and ten optional ones, the tenth an object.
    static let taskRuns = #"""
        {"openapi": "3.1.0", "info": {"title": "Runs", "version": "1"},
         "paths": {"/runs": {"post": {"operationId": "createRun",
           "parameters": [{"name": "x-api-version", "in": "header", "schema": {"type": "string"}}],
           "requestBody": {"required": true, "content": {"application/json": {"schema": {
             "type": "object", "required": ["key", "dynamic"],
             "properties": {
               "name": {"type": "string"}, "key": {"type": "string"}, "dynamic": {"type": "string"},
               "cache": {"type": "string"}, "version": {"type": "string"}, "owner": {"type": "string"},
               "note": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
               "labels": {"type": "object"}, "count": {"type": "integer", "minimum": 0},
               "policy": {"type": "object", "properties": {"retries": {"type": "integer"}}}}}}}},
           "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "422": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("each place of the body gets a violation, the fullest body broken with the plain parameters")
    func everyPlaceBroken() async throws {
        let run = try await LoopbackFuzz.run(Self.taskRuns, cases: 2) { request in
            // An API version it does not know is refused before the body is read.
            if let version = request.headers["x-api-version"], version != "1" { return jsonAnswer(400) }
            guard let body = (try? JSONParser.parse(request.body))?.objectValue,
                body["key"]?.stringValue != nil, body["dynamic"]?.stringValue != nil
            else { return jsonAnswer(422) }
            // Any policy that is not an object crashes the server, as Prefect's does.
            if let policy = body["policy"], policy.objectValue == nil {
                return jsonAnswer(500, #"{"detail": "boom"}"#)
            }
            for (key, value) in body.members.map({ ($0.key, $0.value) }) where key != "policy" {
                let fine: Bool
                switch key {
                case "tags": fine = value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
                case "labels": fine = value.objectValue != nil
                case "count": fine = (value.numberValue.flatMap { Int($0.description) } ?? -1) >= 0
                default: fine = value.stringValue != nil
                }
                if !fine { return jsonAnswer(422) }
            }
            return jsonAnswer(201)
        }
        let crash = try #require(
            run.findings.first { $0.check == .negativeDataRejection && $0.status == 500 },
            "\(run.described)\n\(run.requests.map { String(decoding: $0.body, as: UTF8.self) }.joined(separator: "\n"))"
        )
        #expect(crash.message.contains("/policy"), "\(crash.message)")
        let sent = run.requests.filter { $0.method == "POST" }.count
        // Two valid requests and two capped invalid ones would not reach the policy.
        #expect(sent > 12, "\(sent) requests")
    }

    /// Kinto's `POST /batch`: each request needs a `path`, which `defaults` may give them all.
    static let batch = #"""
        {"openapi": "3.1.0", "info": {"title": "Batch", "version": "1"},
         "paths": {"/batch": {"post": {"operationId": "batch",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {
             "type": "object", "required": ["requests"],
             "properties": {
               "defaults": {"type": "object", "properties": {
                 "method": {"enum": ["GET", "DELETE"]}, "path": {"type": "string", "pattern": "^/"}}},
               "requests": {"type": "array", "items": {"type": "object", "required": ["path"],
                 "properties": {"method": {"enum": ["GET", "DELETE"]},
                   "path": {"type": "string", "pattern": "^/"}}}}}}}}},
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a required member another one stands in for is found missing in the merged accepted body")
    func standInMember() async throws {
        let run = try await LoopbackFuzz.run(Self.batch, cases: 2) { request in
            guard let body = (try? JSONParser.parse(request.body))?.objectValue,
                let requests = body["requests"]?.arrayValue
            else { return jsonAnswer(400) }
            let defaults = body["defaults"]?.objectValue
            for case .object(let item) in requests {
                // The server reads each request's path through the defaults, as Kinto does.
                guard let path = (item["path"] ?? defaults?["path"])?.stringValue, path.hasPrefix("/") else {
                    return jsonAnswer(400)
                }
            }
            return jsonAnswer(200, #"{"responses": []}"#)
        }
        let lax = run.findings.filter { $0.check == .negativeDataRejection && $0.status == 200 }
        #expect(
            lax.contains { $0.message.contains(#"required "path" is missing"#) },
            "\(run.described)\n\(run.requests.map { String(decoding: $0.body, as: UTF8.self) }.joined(separator: "\n"))"
        )
    }
}
