import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import JSONSchema
import Testing

/// Answers judged by what the operation declares, as real servers (Kinto, Jupyter Server, Prefect)
/// need: a declared 5xx is an answer, a refusal by authorization refuses a method, every status and
/// every content type is held to the description, and a server that sheds load is asked again.
@Suite("Answers judged by their declaration", .serialized)
struct DeclaredAnswerTests {
    /// Jupyter's `POST /api/sessions`, which declares `501: Session not available`.
    static let sessions = #"""
        {"swagger": "2.0", "info": {"title": "Sessions", "version": "1"},
         "paths": {"/sessions": {"post": {"operationId": "createSession",
           "parameters": [{"name": "body", "in": "body", "required": true,
             "schema": {"type": "object", "properties": {"path": {"type": "string"}}}}],
           "responses": {"201": {"description": "created", "schema": {"type": "object"}},
                         "400": {"description": "bad", "schema": {"type": "object"}},
                         "501": {"description": "Session not available", "schema": {"type": "object"}}}}}}}
        """#

    @Test("a 5xx the operation names (501: Session not available) is judged by its declaration")
    func declaredServerStatus() async throws {
        let run = try await LoopbackFuzz.run(
            Self.sessions,
            handler: allowing(["POST"]) { request in
                guard (try? JSONParser.parse(request.body))?.objectValue != nil else {
                    return jsonAnswer(400)
                }
                return jsonAnswer(501, #"{"message": "no kernel"}"#)
            })
        #expect(run.findings.isEmpty, "\(run.described)")
    }

    @Test("a 5xx only `default` covers is still a server error")
    func defaultDoesNotExcuse() async throws {
        let description = Self.sessions.replacingOccurrences(of: #""501""#, with: #""default""#)
        let run = try await LoopbackFuzz.run(
            description, handler: allowing(["POST"]) { _ in jsonAnswer(501, #"{"message": "no kernel"}"#) })
        #expect(
            run.findings.contains { $0.status == 501 && $0.check == .positiveDataAcceptance },
            "\(run.described)")
    }

    @Test("an undeclared method refused with 403 (an XSRF check) is refused, not a fault")
    func forbiddenMethod() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Status", "version": "1"},
             "paths": {"/status": {"get": {"operationId": "status",
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(description) { request in
            request.method == "GET"
                ? jsonAnswer(200) : jsonAnswer(403, #"{"message": "'_xsrf' argument missing"}"#)
        }
        #expect(run.findings.isEmpty, "\(run.described)")
        #expect(run.seen.contains { $0.hasPrefix("POST ") })
    }

    /// Jupyter's `GET /api/resolvePath`: a required query parameter, no 4xx declared.
    static let resolve = #"""
        {"swagger": "2.0", "info": {"title": "Resolve", "version": "1"}, "produces": ["application/json"],
         "paths": {"/resolve": {"get": {"operationId": "resolve",
           "parameters": [{"name": "path", "in": "query", "required": true, "type": "string"},
                          {"name": "depth", "in": "query", "required": false, "type": "integer"}],
           "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}}}
        """#

    @Test("an operation that declares no 4xx and answers bad input with 400 leaves that answer undocumented")
    func undeclaredRejection() async throws {
        let run = try await LoopbackFuzz.run(
            Self.resolve,
            handler: allowing(["GET"]) { request in
                let depth = request.query.first { $0.name == "depth" }?.value
                guard request.query.contains(where: { $0.name == "path" }),
                    depth.map({ Int($0) != nil }) ?? true
                else { return jsonAnswer(400, #"{"message": "bad"}"#) }
                return jsonAnswer(200)
            })
        let undeclared = run.findings.filter { $0.check == .statusCodeConformance && $0.status == 400 }
        #expect(undeclared.count == 1, "one finding per endpoint and status: \(run.described)")
        #expect(undeclared.first?.message == "status 400 is not declared for GET /resolve")
    }

    @Test("an HTML 404 where only JSON is declared is a finding, declared status or not")
    func contentTypeOfUndeclaredStatus() async throws {
        let description = #"""
            {"swagger": "2.0", "info": {"title": "Kernels", "version": "1"}, "produces": ["application/json"],
             "paths": {"/kernels/{id}": {"get": {"operationId": "getKernel",
               "parameters": [{"name": "id", "in": "path", "required": true, "type": "string"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description,
            handler: allowing(["GET"]) { _ in
                HTTPResponse(
                    status: 404, headers: ["Content-Type": "text/html"], body: Array("<h1>404</h1>".utf8))
            })
        let typed = run.findings.filter { $0.check == .contentTypeConformance }
        #expect(
            typed.contains {
                $0.message == #"Content-Type "text/html" is not declared for any answer of GET /kernels/{id}"#
            },
            "\(run.described)")
    }

    @Test("a 413 from the server's framework is HTTP's own answer: its content type is not judged")
    func protocolAnswerType() async throws {
        let run = try await LoopbackFuzz.run(
            Self.sessions,
            handler: allowing(["POST"]) { request in
                guard request.body.count < 1_000_000 else {
                    return HTTPResponse(
                        status: 413, headers: ["Content-Type": "text/plain"], body: Array("big".utf8))
                }
                return jsonAnswer(201)
            })
        #expect(!run.findings.contains { $0.check == .contentTypeConformance }, "\(run.described)")
    }

    @Test(
        "a made-up id answered 404 names nothing: an undeclared 404 is status_code_conformance, not valid data refused"
    )
    func madeUpIdNotFound() async throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "Flows", "version": "1"},
             "paths": {"/flows/{id}": {"get": {"operationId": "readFlow",
               "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                             "422": {"description": "invalid", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let run = try await LoopbackFuzz.run(
            description, handler: allowing(["GET"]) { _ in jsonAnswer(404, #"{"detail": "Flow not found"}"#) }
        )
        #expect(!run.findings.contains { $0.check == .positiveDataAcceptance }, "\(run.described)")
        #expect(
            run.findings.contains { $0.check == .statusCodeConformance && $0.status == 404 },
            "\(run.described)")
    }
}
