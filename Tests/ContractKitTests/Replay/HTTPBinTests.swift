import ConformHTTP
import ContractKit
import Foundation
import Testing

/// Conform against a real server nobody here wrote: httpbin from PyPI (`pip install httpbin`),
/// whose endpoints challenge, redirect, drip, compress and echo on purpose.
@Suite("Against httpbin, a real server", .serialized)
struct HTTPBinTests {
    /// httpbin on a free loopback port, or nil (with the reason printed once) when it is absent.
    final class Server: @unchecked Sendable {
        let process = Process()
        let baseURL: String

        init?() {
            let launcher = """
                import logging, sys
                logging.getLogger('werkzeug').setLevel(logging.ERROR)
                try:
                    import httpbin
                    from werkzeug.serving import make_server
                except ImportError as error:
                    print('absent', error, flush=True); sys.exit(0)
                server = make_server('127.0.0.1', 0, httpbin.app, threaded=True)
                print(server.server_port, flush=True)
                server.serve_forever()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", launcher]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else {
                print("skipped httpbin tests: python3 is not available")
                return nil
            }
            var line = Data()
            while let byte = try? out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
                byte != Data([10])
            {
                line.append(byte)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let port = Int(text) else {
                print("skipped httpbin tests: httpbin is not installed (pip install httpbin) — \(text)")
                process.terminate()
                return nil
            }
            baseURL = "http://127.0.0.1:\(port)"
        }

        deinit { process.terminate() }
    }

    static let contract = #"""
        { "conform": 1, "name": "httpbin", "version": "0.10",
          "endpoints": [
            { "id": "basicAuth", "method": "GET", "path": "/basic-auth/{user}/{password}",
              "parameters": { "path": { "user": { "schema": { "type": "string" } }, "password": { "schema": { "type": "string" } } } },
              "responses": { "200": { "schema": { "type": "object" } }, "401": {} },
              "examples": [ { "name": "no credentials", "pathParameters": { "user": "a", "password": "b" }, "expect": { "status": 401 } } ] },
            { "id": "redirect", "method": "GET", "path": "/redirect-to",
              "parameters": { "query": { "url": { "required": true, "schema": { "type": "string" } } } },
              "responses": { "302": {} },
              "examples": [ { "name": "elsewhere", "query": { "url": "http://127.0.0.2:1/x" }, "expect": { "status": 302 } } ] },
            { "id": "drip", "method": "GET", "path": "/drip",
              "parameters": { "query": { "duration": { "schema": { "type": "number" } }, "numbytes": { "schema": { "type": "integer" } } } },
              "responses": { "200": { "contentType": "application/octet-stream" } },
              "examples": [ { "name": "slow body", "query": { "duration": "8", "numbytes": "8" }, "expect": { "status": 200 } } ] },
            { "id": "echo", "method": "GET", "path": "/response-headers",
              "parameters": { "query": { "X-Echo": { "schema": { "type": "string" } } } },
              "responses": { "200": { "schema": { "type": "object" } } },
              "examples": [ { "name": "echo secret", "query": { "X-Echo": "token-0123456789" }, "headers": { "Authorization": "Bearer token-0123456789" }, "expect": { "status": 200 } } ] },
            { "id": "gzip", "method": "GET", "path": "/gzip", "responses": { "200": { "schema": { "type": "object", "required": ["gzipped"] } } } }
          ] }
        """#

    @Test("a 401 challenge, a redirect, a dripping body, a gzip body and an echoed secret")
    func hostileOnPurpose() async throws {
        guard let server = Server() else { return }
        let contract = try ContractLoader.load(bytes: Array(Self.contract.utf8), file: "httpbin.json")
        let configuration = Replayer.Configuration(
            baseURL: server.baseURL, timeout: .seconds(2), concurrency: 4,
            redaction: Redaction(secretValues: ["token-0123456789"]))
        let result = await Replayer(contract: contract, configuration: configuration).run()
        func outcome(_ id: String) -> CaseResult? { result.cases.first { $0.endpointID == id } }
        #expect(
            outcome("basicAuth")?.outcome == .passed, "a 401 with WWW-Authenticate is an ordinary response")
        #expect(outcome("redirect")?.outcome == .passed, "a 302 is checked, not followed")
        #expect(outcome("gzip")?.outcome == .passed, "\(outcome("gzip")?.findings.map(\.message) ?? [])")
        #expect(outcome("echo")?.outcome == .passed)
        let drip = try #require(outcome("drip"))
        #expect(drip.outcome == .error)
        #expect(drip.duration >= .seconds(2) && drip.duration < .seconds(4), "took \(drip.duration)")
        let echo = try #require(outcome("echo"))
        let shown =
            [
                echo.curl ?? "", echo.request?.url ?? "",
                String(decoding: echo.response?.body ?? [], as: UTF8.self),
            ] + (echo.request?.headers ?? []).map(\.value) + (echo.response?.headers ?? []).map(\.value)
        #expect(!shown.isEmpty && shown.allSatisfy { !$0.contains("token-0123456789") }, "\(shown)")
        #expect(
            shown.contains { $0.contains(Redaction.mask) }, "httpbin echoes the value, so it shows masked")
    }
}
