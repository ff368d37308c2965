import ConformHTTP
import ContractKit
import Foundation

/// Runs built in code, so every test reads what it checks against.
enum RunFixtures {
    static let start = Date(timeIntervalSince1970: 1_795_321_860.125)

    static func request(_ method: String, _ path: String, body: [UInt8] = []) -> HTTPRequest {
        HTTPRequest(
            method: method, url: "http://localhost:8080\(path)",
            headers: [HeaderField("Accept", "application/json"), HeaderField("Authorization", "***")],
            body: body)
    }

    static func passed(_ endpoint: String, _ name: String, ms: Int64 = 12, path: String = "/menu")
        -> CaseResult
    {
        CaseResult(
            id: "\(endpoint)/\(name)", endpointID: endpoint, name: name, method: "GET", path: path,
            outcome: .passed,
            checks: [.notAServerError, .statusCodeConformance], request: request("GET", path),
            response: HTTPResponse(
                status: 200, headers: [HeaderField("Content-Type", "application/json")],
                body: Array(#"{"ok":true}"#.utf8),
                duration: .milliseconds(ms)),
            duration: .milliseconds(ms), curl: "curl -sS -i http://localhost:8080\(path)")
    }

    static func failed(_ endpoint: String, _ name: String, body: [UInt8], ms: Int64 = 30) -> CaseResult {
        CaseResult(
            id: "\(endpoint)/\(name)", endpointID: endpoint, name: name, method: "POST", path: "/orders",
            outcome: .failed,
            findings: [
                Finding(
                    check: .responseSchemaConformance, message: "\"price\" must be a number, got a string",
                    pointer: "/items/0/price", expected: "number", actual: "\"12|<b>\""),
                Finding(
                    check: .statusCodeConformance, message: "status 500 is not declared",
                    expected: "201, 400",
                    actual: "500"),
            ],
            checks: [.statusCodeConformance, .responseSchemaConformance],
            request: request("POST", "/orders", body: Array(#"{"item":"tea"}"#.utf8)),
            response: HTTPResponse(
                status: 500, headers: [HeaderField("Content-Type", "text/html")], body: body,
                duration: .milliseconds(ms)),
            duration: .milliseconds(ms),
            curl: "curl -sS -i -X POST http://localhost:8080/orders --data-binary '{\"item\":\"tea\"}'")
    }

    static func errored(_ endpoint: String, _ name: String) -> CaseResult {
        CaseResult(
            id: "\(endpoint)/\(name)", endpointID: endpoint, name: name, method: "DELETE", path: "/orders/7",
            outcome: .error, reason: "timed out after 5 s", request: request("DELETE", "/orders/7"),
            duration: .seconds(5), curl: "curl -sS -i -X DELETE http://localhost:8080/orders/7", attempts: 2)
    }

    static func skipped(_ endpoint: String, _ name: String) -> CaseResult {
        CaseResult(
            id: "\(endpoint)/\(name)", endpointID: endpoint, name: name, method: "GET", path: "/orders/7",
            outcome: .skipped, reason: "depends on createOrder/tea, which failed")
    }

    /// Bytes a hostile or broken server might send: C0 controls, an ANSI escape, `]]>`, markup,
    /// backticks, a table pipe, and invalid UTF-8.
    static let hostileBody: [UInt8] =
        Array(
            "<html><script>alert('x')</script> ]]> &amp; \u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}[2J ``` | a | b |\r\n"
                .utf8)
        + [0xFF, 0xFE, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array("\u{FFFE}\u{FFFF} end".utf8)

    /// One run with every outcome, two endpoints, hostile bodies and coverage.
    static func mixed() -> RunResult {
        RunResult(
            contractName: "Coffee & <Tea>", contractVersion: "1.2.0", contractFile: "contracts/coffee.json",
            baseURL: "http://localhost:8080", startedAt: start, duration: .milliseconds(5_123),
            cases: [
                passed("listMenu", "default"),
                passed("listMenu", "filtered", ms: 41, path: "/menu?tag=hot"),
                failed("createOrder", "tea", body: hostileBody),
                errored("deleteOrder", "seven"),
                skipped("getOrder", "seven"),
            ],
            seed: 42, toolVersion: "0.4.0",
            coverage: [
                EndpointCoverage(endpointID: "listMenu", declared: ["200"], seen: [200], unexercised: []),
                EndpointCoverage(
                    endpointID: "createOrder", declared: ["201", "400"], seen: [500],
                    unexercised: ["201", "400"]),
            ])
    }

    /// The mixed run of a description two of whose operations could not be loaded (one reason
    /// with markup and quotes in it, one without a known place).
    static func withSkippedOperations() -> RunResult {
        var run = mixed()
        run.skippedOperations = [
            SkippedOperation(
                endpointID: "get_etag_etag", method: "GET", path: "/etag/{etag",
                reason: "\"path\" has an unclosed placeholder <{etag> & more", location: "httpbin.json:866:7"),
            SkippedOperation(endpointID: "deleteAll", method: "DELETE", path: "/", reason: "declared twice"),
        ]
        return run
    }

    /// A run where everything passed.
    static func green() -> RunResult {
        RunResult(
            contractName: "Coffee", contractVersion: "1.2.0", baseURL: "https://api.example.com/v1",
            startedAt: start,
            duration: .milliseconds(80),
            cases: [passed("listMenu", "default"), passed("listMenu", "cheap", ms: 7)],
            toolVersion: "0.4.0")
    }
}
