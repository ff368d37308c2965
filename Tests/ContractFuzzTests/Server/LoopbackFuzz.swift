import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import Testing

/// A fuzzing run against a loopback server on port 0 that answers with a handler, with every request
/// the server saw: what the tests of real-server verdicts fuzz.
struct LoopbackFuzz {
    var outcome: ServerFuzzer.Outcome
    /// `METHOD target` of every request, in arrival order.
    var seen: [String]
    /// Every request, in arrival order.
    var requests: [HTTPRequest]

    var findings: [Finding] { outcome.result.cases.flatMap(\.findings) }

    /// The findings, one a line, for expectation messages.
    var described: String {
        findings.map { "\($0.check.rawValue) \($0.status.map(String.init) ?? "-"): \($0.message)" }
            .joined(separator: "\n")
    }

    /// The case `endpointID/check`, if the run has it.
    func result(_ id: String) -> CaseResult? { outcome.result.cases.first { $0.id == id } }

    /// Fuzzes `description` (OpenAPI or Swagger JSON) against a server answering with `handler`.
    static func run(
        _ description: String, cases: Int = 10, seed: UInt64 = 1, stateless: Bool = true,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) async throws -> LoopbackFuzz {
        let contract = try ContractLoader.load(bytes: Array(description.utf8), file: "loopback.json")
        let log = Locked<[HTTPRequest]>([])
        let server = HTTPServer { request in
            log.withLock { $0.append(request) }
            return handler(request)
        }
        let port = try server.start()
        defer { server.shutdown() }
        var configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: cases, seed: seed)
        configuration.stateless = stateless
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let requests = log.current
        return LoopbackFuzz(
            outcome: outcome, seen: requests.map { "\($0.method) \($0.target)" }, requests: requests)
    }
}

/// A JSON answer.
func jsonAnswer(_ status: Int, _ text: String = "{}", headers: [(String, String)] = []) -> HTTPResponse {
    HTTPResponse(
        status: status,
        headers: HTTPFields(
            [(name: "Content-Type", value: "application/json")] + headers.map { (name: $0.0, value: $0.1) }),
        body: Array(text.utf8))
}

/// `handler` behind a router that answers any other method with 405 and an `Allow` header.
func allowing(_ methods: [String], _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse)
    -> @Sendable (HTTPRequest) -> HTTPResponse
{
    { request in
        guard methods.contains(request.method) else {
            return HTTPResponse(status: 405, headers: ["Allow": methods.joined(separator: ", ")])
        }
        return handler(request)
    }
}
