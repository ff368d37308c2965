import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// Replays the notes description (no examples) against the notes server with `bug`.
private func runNotes(_ bug: NotesBug, concurrency: Int = 4) async throws -> (RunResult, [String]) {
    var contract = try ContractLoader.load(bytes: Array(notesDescription.utf8), file: "notes.json")
    _ = contract.auth?.setCredential("alice:alice-pass", forScheme: "basic")
    let server = NotesServer(bug: bug)
    let log = Locked<[String]>([])
    let http = HTTPServer { request in
        let response = server.handle(request)
        log.withLock { $0.append("\(request.method) \(request.path) \(response.status)") }
        return response
    }
    let port = try http.start()
    defer { http.shutdown() }
    let configuration = Replayer.Configuration(baseURL: "http://127.0.0.1:\(port)", concurrency: concurrency)
    let result = await Replayer(contract: contract, configuration: configuration).run()
    return (result, log.current)
}

@Suite("conform run on a description without examples follows each resource's life", .serialized)
struct RunLifecycleTests {
    @Test(
        "a correct server passes, every time: each call uses the item the create made, the delete comes last")
    func stableVerdict() async throws {
        for concurrency in [1, 4, 4] {
            let (result, log) = try await runNotes(.none, concurrency: concurrency)
            let failed = result.cases.filter { $0.outcome != .passed }
            #expect(
                failed.isEmpty,
                "\(failed.map { "\($0.id): \($0.reason ?? "") \($0.findings.map(\.message))" })")
            let order = log.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
            let create = try #require(order.firstIndex(of: "POST /notes"))
            let delete = try #require(order.firstIndex { $0.hasPrefix("DELETE /notes/") })
            let update = try #require(order.firstIndex { $0.hasPrefix("PATCH /notes/") })
            #expect(create < update && update < delete)
            #expect(log.filter { $0.hasPrefix("GET /notes/") }.first?.hasSuffix(" 200") == true)
            #expect(log.last?.hasPrefix("GET /notes/") == true && log.last?.hasSuffix(" 404") == true)
        }
    }

    @Test("a listing that names no item leaves its reads to generated path values, not a skip")
    func listingWithoutItems() async throws {
        // httpbin's shape: `/auth/{scheme}` answers something that is not a list of items.
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "Auth", "version": "1"},
             "paths": {
               "/auth/{scheme}": {"get": {"operationId": "scheme",
                 "parameters": [{"name": "scheme", "in": "path", "required": true, "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
               "/auth/{scheme}/{user}": {"get": {"operationId": "user",
                 "parameters": [{"name": "scheme", "in": "path", "required": true, "schema": {"type": "string"}},
                                {"name": "user", "in": "path", "required": true, "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let contract = try ContractLoader.load(bytes: Array(description.utf8), file: "auth.json")
        let http = HTTPServer { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"ok":true}"#.utf8))
        }
        let port = try http.start()
        defer { http.shutdown() }
        let result = await Replayer(
            contract: contract, configuration: .init(baseURL: "http://127.0.0.1:\(port)")
        ).run()
        #expect(
            result.cases.allSatisfy { $0.outcome == .passed },
            "\(result.cases.map { "\($0.id): \($0.reason ?? "")" })")
        #expect(result.cases.contains { $0.endpointID == "user" })
    }

    @Test("a deleted item that can still be read fails run too (use_after_free)")
    func useAfterFree() async throws {
        let (result, _) = try await runNotes(.useAfterFree)
        let finding = result.cases.flatMap(\.findings).first { $0.check == .useAfterFree }
        #expect(finding?.message == "a deleted item can still be read")
    }
}
