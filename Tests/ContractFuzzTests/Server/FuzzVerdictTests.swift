import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// Fuzzes `description` against a loopback server answering with `handler` (``LoopbackFuzz``), as
/// the outcome with every request line the server saw.
private func fuzz(
    _ description: String, cases: Int = 12, seed: UInt64 = 1, stateless: Bool = false,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
) async throws -> (ServerFuzzer.Outcome, [String]) {
    let run = try await LoopbackFuzz.run(
        description, cases: cases, seed: seed, stateless: stateless, handler: handler)
    return (run.outcome, run.seen)
}

private func json(_ status: Int, _ text: String = "{}") -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
}

private func findings(_ outcome: ServerFuzzer.Outcome) -> [Finding] {
    outcome.result.cases.flatMap(\.findings)
}

private func describe(_ outcome: ServerFuzzer.Outcome) -> String {
    findings(outcome).map { "\($0.check.rawValue) \($0.status.map(String.init) ?? "-"): \($0.message)" }
        .joined(separator: "\n")
}

@Suite("Fuzzing verdicts a team can gate on: nothing false, nothing declared missed", .serialized)
struct FuzzVerdictTests {
    /// FastAPI's `status: Status | None = None`: an optional query parameter `anyOf [enum, null]`.
    static let nullable = #"""
        {"openapi": "3.1.0", "info": {"title": "Tasks", "version": "1"},
         "paths": {"/tasks": {"get": {"operationId": "listTasks",
           "parameters": [{"name": "status", "in": "query", "required": false,
             "schema": {"anyOf": [{"enum": ["open", "done"], "type": "string"}, {"type": "null"}]}},
             {"name": "tag", "in": "query", "required": false,
             "schema": {"type": "array", "items": {"type": "string", "enum": ["red", "blue"]}}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array"}}}},
                         "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test(
        "a query string has no null: an optional nullable parameter is left out, never sent as ?status=null")
    func nullIsLeftOut() async throws {
        let (outcome, sent) = try await fuzz(
            Self.nullable,
            handler: allowing(["GET"]) { request in
                // As FastAPI reads them: "null" is text, not in the enum; repeated tags are a list.
                for item in request.query {
                    if item.name == "status" && !["open", "done"].contains(item.value) { return json(422) }
                    if item.name == "tag" && !["red", "blue"].contains(item.value) { return json(422) }
                }
                return json(200, "[]")
            })
        #expect(!sent.contains { $0.contains("status=null") })
        #expect(sent.contains { $0.contains("tag=") && $0.components(separatedBy: "tag=").count > 2 })
        let positive = outcome.result.cases.first { $0.id == "listTasks/positive_data_acceptance" }
        #expect(positive?.outcome == .passed, "\(describe(outcome))")
        #expect(outcome.result.cases.allSatisfy { $0.outcome == .passed }, "\(describe(outcome))")
    }

    /// httpbin-style: a path parameter without a type, and a declared 400 for what the server cannot read.
    static let untyped = #"""
        {"swagger": "2.0", "info": {"title": "Bin", "version": "1"},
         "paths": {"/delay/{delay}": {"get": {"operationId": "delay",
           "parameters": [{"name": "delay", "in": "path", "required": true}],
           "responses": {"200": {"description": "ok"}, "400": {"description": "not a number"}}}}}}
        """#

    @Test("a parameter without a type is a probe: its declared 400 is not a rejection of valid data")
    func untypedParameterIsAProbe() async throws {
        let (outcome, _) = try await fuzz(
            Self.untyped,
            handler: allowing(["GET"]) { request in
                let value = request.path.split(separator: "/").last.map(String.init) ?? ""
                return Int(value) == nil ? json(400) : json(200)
            })
        #expect(!findings(outcome).contains { $0.check == .positiveDataAcceptance }, "\(describe(outcome))")
        #expect(outcome.result.cases.allSatisfy { $0.outcome == .passed }, "\(describe(outcome))")
    }

    @Test("a probe's answer is still judged against the declared responses")
    func probeGetsUndeclaredStatus() async throws {
        let (outcome, _) = try await fuzz(Self.untyped, handler: allowing(["GET"]) { _ in json(418) })
        let undeclared = findings(outcome).filter { $0.check == .statusCodeConformance }
        #expect(undeclared.count == 1, "\(describe(outcome))")
        #expect(undeclared.first?.status == 418)
    }

    @Test("a query parameter without a type gets varied probe texts, so a crash on one is found")
    func untypedQueryProbesVary() async throws {
        // httpbin's /response-headers: its `freeform` has no Swagger 2.0 type; it echoes each
        // query value as a header and crashes on one that is not Latin-1.
        let description = #"""
            {"openapi": "3.0.3", "info": {"title": "Headers", "version": "1"},
             "paths": {"/response-headers": {"get": {"operationId": "responseHeaders",
               "parameters": [{"name": "freeform", "in": "query", "required": false, "schema": {}}],
               "responses": {"200": {"description": "ok"}}}}}}
            """#
        let (outcome, _) = try await fuzz(
            description,
            handler: allowing(["GET"]) { request in
                let value = request.query.first { $0.name == "freeform" }?.value ?? ""
                return value.unicodeScalars.allSatisfy { $0.value < 0x100 } ? json(200) : json(500)
            })
        let crash = findings(outcome).filter { $0.status == 500 }
        #expect(crash.count == 1, "\(describe(outcome))")
        #expect(crash.first?.curl?.contains("freeform=zo%C3%AB") == true)
    }

    @Test("a free-form query object (additionalProperties) is sent with members of its own")
    func freeFormQueryObject() async throws {
        let description = #"""
            {"openapi": "3.0.3", "info": {"title": "Headers", "version": "1"},
             "paths": {"/response-headers": {"get": {"operationId": "responseHeaders",
               "parameters": [{"name": "freeform", "in": "query", "required": false, "style": "form",
                 "explode": true, "schema": {"type": "object", "additionalProperties": {"type": "string"}}},
                 {"name": "limit", "in": "query", "required": false, "schema": {"type": "integer", "maximum": 5}}],
               "responses": {"200": {"description": "ok"}, "400": {"description": "bad limit"}}}}}}
            """#
        let names = Locked<Set<String>>([])
        let (outcome, _) = try await fuzz(
            description,
            handler: allowing(["GET"]) { request in
                names.withLock { $0.formUnion(request.query.map(\.name)) }
                let limit = request.query.first { $0.name == "limit" }?.value
                return limit.map { Int($0).map { $0 <= 5 } ?? false } == false ? json(400) : json(200)
            })
        #expect(outcome.result.cases.allSatisfy { $0.outcome == .passed }, "\(describe(outcome))")
        #expect(
            !names.current.subtracting(["limit", "freeform"]).isEmpty,
            "the object's members are pairs of their own: \(names.current)")
    }

    static let pets = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets/{id}": {"get": {"operationId": "getPet",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "404": {"description": "none", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a method probe uses a path that reached an item; a 405 names the allowed methods")
    func methodProbesMatchTheRoute() async throws {
        let (outcome, sent) = try await fuzz(
            Self.pets,
            handler: { request in
                // Only pet 7 exists; the route takes any integer.
                guard let id = request.path.split(separator: "/").last.flatMap({ Int($0) }) else {
                    return json(404)
                }
                guard request.method == "GET" else {
                    guard id == 7 else { return json(404) }
                    return HTTPResponse(status: 405, headers: ["Allow": "GET"])
                }
                return id == 7 ? json(200) : json(404)
            })
        #expect(outcome.result.cases.allSatisfy { $0.outcome == .passed }, "\(describe(outcome))")
        #expect(sent.contains("POST /pets/7") || !sent.contains("GET /pets/7"))
    }

    @Test("a 405 without an Allow header breaks RFC 9110 §15.5.6")
    func methodNotAllowedNeedsAllow() async throws {
        let (outcome, _) = try await fuzz(
            Self.pets,
            handler: { request in
                request.method == "GET" ? json(200) : HTTPResponse(status: 405)
            })
        let method = findings(outcome).filter { $0.check == .unsupportedMethod }
        #expect(!method.isEmpty)
        #expect(method.allSatisfy { $0.message.contains("without an Allow header") && $0.status == 405 })
    }

    static let cache = #"""
        {"openapi": "3.0.3", "info": {"title": "Cache", "version": "1"},
         "paths": {"/cache": {"get": {"operationId": "cache",
           "parameters": [{"name": "If-None-Match", "in": "header", "required": false, "schema": {"type": "string"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "304": {"description": "not modified", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("a 304 carries no body and need not name a content type (RFC 9110 §15.4.5)")
    func notModifiedHasNoContent() async throws {
        let (outcome, _) = try await fuzz(
            Self.cache,
            handler: allowing(["GET"]) { request in
                request.headers["If-None-Match"] == nil ? json(200) : HTTPResponse(status: 304)
            })
        #expect(findings(outcome).isEmpty, "\(describe(outcome))")
    }

    static let orders = #"""
        {"openapi": "3.0.3", "info": {"title": "Orders", "version": "1"},
         "paths": {"/orders": {"post": {"operationId": "placeOrder",
           "requestBody": {"required": true, "content": {"application/json": {"schema": {
             "type": "object", "required": ["quantity"], "properties": {"quantity": {"type": "integer", "minimum": 1}}}}}},
           "responses": {"201": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "422": {"description": "invalid", "content": {"application/json": {"schema": {
                           "type": "object", "required": ["detail"], "properties": {"detail": {"type": "string"}}}}}}}}}}}
        """#

    private static func orderServer(rejectWith status: Int, body: String)
        -> @Sendable (HTTPRequest) -> HTTPResponse
    {
        allowing(["POST"]) { request in
            guard request.headers["Content-Type"]?.hasPrefix("application/json") == true,
                request.body.count < 1_000_000, let value = try? JSONParser.parse(request.body),
                case .number(let quantity)? = value["quantity"], quantity.isInteger,
                let count = Int(quantity.description), count >= 1
            else { return json(status, body) }
            return json(201)
        }
    }

    @Test(
        "an invalid request's answer is checked too: an undeclared 400 is one finding, with its status and reproducer"
    )
    func undeclaredRejection() async throws {
        let (outcome, _) = try await fuzz(
            Self.orders, handler: Self.orderServer(rejectWith: 400, body: #"{"detail": "no"}"#))
        let undeclared = findings(outcome).filter { $0.check == .statusCodeConformance }
        #expect(undeclared.count == 1, "one cause, one finding:\n\(describe(outcome))")
        #expect(undeclared.first?.status == 400)
        #expect(undeclared.first?.message == "status 400 is not declared for POST /orders")
        #expect(undeclared.first?.curl?.hasPrefix("curl -sS -i -X POST") == true)
        #expect(!findings(outcome).contains { $0.check == .negativeDataRejection })
    }

    @Test("a declared rejection whose body breaks its schema is a finding")
    func rejectionBodyIsChecked() async throws {
        let (outcome, _) = try await fuzz(
            Self.orders, handler: Self.orderServer(rejectWith: 422, body: #"{"error": 1}"#))
        let schema = findings(outcome).filter { $0.check == .responseSchemaConformance }
        #expect(!schema.isEmpty, "\(describe(outcome))")
        #expect(schema.allSatisfy { $0.status == 422 })
    }

    @Test("a crash on invalid input is one finding, not also not_a_server_error")
    func crashIsOneFinding() async throws {
        let (outcome, _) = try await fuzz(Self.orders, handler: Self.orderServer(rejectWith: 500, body: "{}"))
        let rejection = try #require(
            outcome.result.cases.first { $0.id == "placeOrder/negative_data_rejection" })
        for finding in rejection.findings where finding.check == .negativeDataRejection {
            #expect(!rejection.findings.contains { $0.check == .notAServerError && $0.curl == finding.curl })
        }
        #expect(rejection.findings.allSatisfy { $0.status == 500 })
        let groups = FindingGroup.groups(of: rejection)
        #expect(groups.allSatisfy { $0.curl != nil }, "every finding is followed by its own reproducer")
    }

    static let form = #"""
        {"swagger": "2.0", "info": {"title": "Redirect", "version": "1"},
         "paths": {"/redirect-to": {"post": {"operationId": "redirectTo", "consumes": ["application/x-www-form-urlencoded"],
           "parameters": [{"name": "url", "in": "formData", "type": "string", "required": true},
                          {"name": "code", "in": "formData", "type": "integer", "required": false}],
           "responses": {"302": {"description": "redirect"}, "400": {"description": "bad"}}}}}}
        """#

    @Test("a required form body is sent with every valid request, and left out only as invalid data")
    func formBodiesAreBuilt() async throws {
        let (outcome, _) = try await fuzz(
            Self.form,
            handler: allowing(["POST"]) { request in
                let text = String(decoding: request.body, as: UTF8.self)
                let isForm = request.headers["Content-Type"] == "application/x-www-form-urlencoded"
                let fields = text.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1) }
                let hasURL = fields.contains { $0.first == "url" }
                let badCode = fields.contains { $0.first == "code" && Int($0.last ?? "") == nil }
                guard isForm, hasURL, !badCode else { return HTTPResponse(status: 400) }
                return HTTPResponse(status: 302, headers: ["Location": "/"])
            })
        #expect(outcome.result.cases.allSatisfy { $0.outcome == .passed }, "\(describe(outcome))")
        let counts = try #require(outcome.requestCounts["redirectTo"])
        #expect((counts[.positiveDataAcceptance] ?? 0) > 1)
        #expect((counts[.negativeDataRejection] ?? 0) >= 1)
    }

    @Test("an undeclared status a valid request got is one finding, not another for each probe")
    func undeclaredStatusOnce() async throws {
        // httpbin's /cookies/delete: declared 200, answers 302; `freeform` has no type (a probe).
        let description = #"""
            {"openapi": "3.0.3", "info": {"title": "Cookies", "version": "1"},
             "paths": {"/cookies/delete": {"get": {"operationId": "deleteCookies",
               "parameters": [{"name": "freeform", "in": "query", "required": false, "schema": {}}],
               "responses": {"200": {"description": "ok"}}}}}}
            """#
        let (outcome, _) = try await fuzz(
            description,
            handler: allowing(["GET"]) { _ in HTTPResponse(status: 302, headers: ["Location": "/cookies"]) })
        let about302 = findings(outcome).filter { $0.status == 302 }
        #expect(about302.count == 1, "\(describe(outcome))")
        // A redirect accepted the request: what is wrong is that the operation does not declare it.
        #expect(about302.first?.check == .statusCodeConformance)
    }

    @Test("no request is sent twice, nor judged both valid and invalid")
    func distinctRequests() async throws {
        let seen = Locked<[String]>([])
        let orders = Self.orderServer(rejectWith: 422, body: #"{"detail": "no"}"#)
        // Stateless: a story's creates send valid orders too, on purpose (each makes an item).
        _ = try await fuzz(
            Self.orders, cases: 20, stateless: true,
            handler: { request in
                let line =
                    "\(request.method) \(request.target) \(request.headers["Accept"] ?? "") \(request.headers["Content-Type"] ?? "")"
                seen.withLock {
                    $0.append(line + " " + String(decoding: request.body.prefix(4096), as: UTF8.self))
                }
                return orders(request)
            })
        let sent = seen.current
        #expect(sent.count > 20)
        #expect(
            Set(sent).count == sent.count, "\(sent.filter { line in sent.filter { $0 == line }.count > 1 })")
    }

    @Test("NaN, Infinity and JSON5 forms are tolerated probes: accepting them is a note, not a finding")
    func jsonExtensionsAreTolerated() async throws {
        let (outcome, _) = try await fuzz(
            Self.orders,
            handler: allowing(["POST"]) { request in
                // Python's json: NaN and Infinity read; anything else malformed is a 422.
                let text = String(decoding: request.body, as: UTF8.self)
                if text.contains("NaN") || text.contains("Infinity") { return json(201) }
                return Self.orderServer(rejectWith: 422, body: #"{"detail": "no"}"#)(request)
            })
        #expect(findings(outcome).isEmpty, "\(describe(outcome))")
        let rejection = try #require(
            outcome.result.cases.first { $0.id == "placeOrder/negative_data_rejection" })
        #expect(
            rejection.reason?.contains("the token NaN, which is not JSON with 201, which RFC 8259 §9 allows")
                == true)
    }

    @Test("an HTML error page where JSON is declared is one content-type finding, not also a schema one")
    func htmlErrorPageIsOneFinding() async throws {
        let (outcome, _) = try await fuzz(
            Self.orders,
            handler: allowing(["POST"]) { request in
                // As Django does for a body it cannot parse: its HTML error page.
                guard (try? JSONParser.parse(request.body)) != nil else {
                    return HTTPResponse(
                        status: 422, headers: ["Content-Type": "text/html"], body: Array("<h1>Bad</h1>".utf8))
                }
                return Self.orderServer(rejectWith: 422, body: #"{"detail": "no"}"#)(request)
            })
        let found = findings(outcome)
        #expect(found.filter { $0.check == .contentTypeConformance }.count == 1, "\(describe(outcome))")
        #expect(!found.contains { $0.check == .responseSchemaConformance }, "\(describe(outcome))")
    }
}
