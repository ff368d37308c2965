import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import Testing

/// A server that misbehaves in ways the mock's faults do not cover, each of which must become a
/// finding or an error of its case, never a crash or a hang.
@Suite("Replayer against a hostile server", .serialized)
struct HostileServerTests {
    struct Behaviour: Sendable, CustomTestStringConvertible {
        var label: String
        var response: @Sendable (HTTPRequest) -> HTTPResponse
        var faults = DeliveryFaults()
        var outcome: CaseResult.Outcome
        var expected: String
        var testDescription: String { label }
    }

    static let behaviours: [Behaviour] = [
        Behaviour(
            label: "redirect loop (not followed by default: the 302 is the response)",
            response: { request in HTTPResponse(status: 302, headers: ["Location": request.path]) },
            outcome: .failed, expected: "status 302 is not declared"),
        Behaviour(
            label: "invalid UTF-8 in a JSON body",
            response: { _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Array("{\"categories\": [\"".utf8) + [0xC3, 0x28] + Array("\"]}".utf8))
            },
            outcome: .failed, expected: "invalid UTF-8"),
        Behaviour(
            label: "Content-Length larger than the body",
            response: { _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Array("{\"categories\": [\"a\"]}".utf8))
            },
            faults: DeliveryFaults(truncateBodyAfter: 5),
            outcome: .error, expected: "the body ended early"),
        Behaviour(
            label: "HTML error page with status 200",
            response: { _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/html"], body: Array("<h1>oops</h1>".utf8))
            },
            outcome: .failed, expected: "Content-Type \"text/html\" is not declared"),
    ]

    @Test("server faults become findings", arguments: behaviours)
    func hostile(behaviour: Behaviour) async throws {
        let server = HTTPServer(replying: {
            HTTPServer.Reply(behaviour.response($0), faults: behaviour.faults)
        })
        let port = try server.start()
        defer { server.shutdown() }
        let contract = try restaurantContract()
        let configuration = Replayer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", timeout: .seconds(5), only: ["listCategories"])
        let result = await Replayer(contract: contract, configuration: configuration).run()
        let categories = try #require(result.cases.first { $0.endpointID == "listCategories" })
        #expect(categories.outcome == behaviour.outcome)
        let text =
            categories.findings.map(\.message).joined(separator: " | ") + " " + (categories.reason ?? "")
        #expect(text.contains(behaviour.expected), "\(text)")
    }
}
