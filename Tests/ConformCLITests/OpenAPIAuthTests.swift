import ConformCLI
import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import Testing

/// `conform run` on an OpenAPI document whose operations need a bearer token, against a loopback
/// server that checks it.
@Suite("Authentication against a server that checks it")
struct OpenAPIAuthTests {
    static let document = #"""
        {
          "openapi": "3.0.3",
          "info": { "title": "Accounts", "version": "3.1.0" },
          "security": [{ "token": [] }],
          "paths": {
            "/me": { "get": { "operationId": "me", "responses": { "200": {
              "description": "me", "content": { "application/json": { "schema": { "type": "object" } } } } } } },
            "/health": { "get": { "operationId": "health", "security": [], "responses": { "200": {
              "description": "up", "content": { "application/json": { "schema": { "type": "object" } } } } } } }
          },
          "components": { "securitySchemes": { "token": { "type": "http", "scheme": "bearer" } } }
        }
        """#

    /// Answers `{}` to `/health`, and to `/me` only with `Authorization: Bearer g00d-token-1`.
    private func server() throws -> (HTTPServer, String) {
        let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0)) { request in
            let json: HTTPFields = ["Content-Type": "application/json"]
            if request.path == "/health" {
                return HTTPResponse(status: 200, headers: json, body: Array("{}".utf8))
            }
            guard request.headers["Authorization"] == "Bearer g00d-token-1" else {
                return HTTPResponse(status: 401, headers: json, body: Array(#"{"error":"no"}"#.utf8))
            }
            return HTTPResponse(status: 200, headers: json, body: Array(#"{"id":1}"#.utf8))
        }
        let port = try server.start()
        return (server, "http://127.0.0.1:\(port)")
    }

    @Test("without --auth a secured operation's 401 is expected; with it, the token is sent and masked")
    func bearer() async throws {
        let file = try temporaryFile(Self.document, name: "accounts.json")
        let (server, url) = try server()
        defer { server.shutdown() }
        let reports = file + ".reports"
        let anonymous = await conform("run", file, "--base-url", url, "--reports-dir", reports)
        #expect(anonymous.code == .success, "\(anonymous.out)\n\(anonymous.err)")
        #expect(anonymous.err.contains("PASS me/example → 401"))
        #expect(anonymous.err.contains("401 without credentials, as expected"))
        let authorized = await conform(
            "run", file, "--base-url", url, "--auth", "token=g00d-token-1", "--verbose", "--reports-dir",
            reports)
        #expect(authorized.code == .success, "\(authorized.out)\n\(authorized.err)")
        #expect(authorized.err.contains("PASS me/example → 200"))
        let wrong = await conform(
            "run", file, "--base-url", url, "--auth", "token=wr0ng-token-2", "--reports-dir", reports)
        #expect(wrong.code == .checkFailed)
        var everything = authorized.out + authorized.err + wrong.out + wrong.err
        for name in try FileManager.default.contentsOfDirectory(atPath: reports) {
            everything += try String(contentsOfFile: reports + "/" + name, encoding: .utf8)
        }
        #expect(!everything.contains("g00d-token-1"))
        #expect(!everything.contains("wr0ng-token-2"))
    }
}
