import ConformHTTP
import ConformTestSupport
import ConformTraffic
import ContractKit
import ContractMock
import Foundation
import Testing

@Suite("conform proxy: checks traffic both ways and passes it on unchanged", .serialized)
struct ContractProxyTests {
    @Test("correct traffic passes through unchanged and gives no finding")
    func correctTraffic() async throws {
        let harness = try ProxyHarness.overMock()
        let direct = HTTPTransport(timeout: .seconds(5))
        let menu = try await harness.send("GET", "/menu?category=Desserts")
        let categories = try await harness.send("GET", "/categories")
        let order = try await harness.send("POST", "/order", body: #"{"menuIds": [1]}"#)
        let upstream = harness.proxy.configuration.upstream
        let directMenu = try await direct.send(
            HTTPRequest(method: "GET", url: upstream + "/menu?category=Desserts"))
        let run = try harness.stop()
        #expect(menu.status == 200 && categories.status == 200 && order.status == 200)
        #expect(menu.body == directMenu.body)
        #expect(menu.header("Content-Type") == directMenu.header("Content-Type"))
        #expect(run.cases.count == 3)
        #expect(
            run.cases.allSatisfy { $0.outcome == .passed }, "\(run.cases.flatMap(\.findings).map(\.message))")
        #expect(run.cases.map(\.endpointID) == ["listMenu", "listCategories", "placeOrder"])
        #expect(run.verdict == .passed)
    }

    /// A client mistake sent through the proxy, and the check that must name it.
    struct ClientMistake: Sendable, CustomTestStringConvertible {
        var label: String
        var method: String
        var target: String
        var body: String?
        var contentType: String?
        var check: CheckName
        var testDescription: String { label }
    }

    static let clientMistakes = [
        ClientMistake(
            label: "a body without its required field", method: "POST", target: "/order", body: "{}",
            check: .requestSchemaConformance),
        ClientMistake(
            label: "a wrong content type", method: "POST", target: "/order", body: #"{"menuIds": [1]}"#,
            contentType: "text/plain", check: .requestConformance),
        ClientMistake(
            label: "a misspelt query parameter", method: "GET", target: "/menu?categroy=Desserts",
            check: .requestConformance),
        ClientMistake(label: "an unknown path", method: "GET", target: "/menus", check: .requestConformance),
    ]

    @Test("a seeded client mistake is found and put on the request side", arguments: clientMistakes)
    func clientMistake(_ mistake: ClientMistake) async throws {
        let harness = try ProxyHarness.overMock()
        var headers: HTTPFields = [:]
        if let type = mistake.contentType { headers["Content-Type"] = type }
        _ = try await harness.send(mistake.method, mistake.target, headers: headers, body: mistake.body)
        let run = try harness.stop()
        let result = try #require(run.cases.first)
        #expect(result.outcome == .failed)
        #expect(result.findings.contains { $0.check == mistake.check }, "\(result.findings.map(\.message))")
        #expect(result.findings.allSatisfy { $0.check.side == .request }, "\(result.findings.map(\.check))")
    }

    @Test(
        "a seeded server fault is found and put on the response side",
        arguments: [
            ("wrong-type", CheckName.responseSchemaConformance), ("status-500", .notAServerError),
            ("undeclared-status", .statusCodeConformance), ("wrong-content-type", .contentTypeConformance),
        ])
    func serverFault(fault: String, check: CheckName) async throws {
        let harness = try ProxyHarness.overMock(faults: ["\(fault)@listCategories"])
        let response = try await harness.send("GET", "/categories")
        let run = try harness.stop()
        let result = try #require(run.cases.first)
        #expect(response.status != 0)
        #expect(result.findings.contains { $0.check == check }, "\(result.findings.map(\.check))")
        #expect(result.findings.allSatisfy { $0.check.side == .response }, "\(result.findings.map(\.check))")
    }

    @Test("--errors answers a violating exchange with a problem response naming the side")
    func answersViolations() async throws {
        let harness = try ProxyHarness.overMock { $0.answersViolations = true }
        let bad = try await harness.send("POST", "/order", body: "{}")
        let good = try await harness.send("GET", "/categories")
        try harness.stop()
        #expect(bad.status == 400)
        #expect(bad.header("Content-Type") == "application/problem+json")
        let problem = String(decoding: bad.body, as: UTF8.self)
        #expect(problem.contains(#""side":"request""#) && problem.contains("request_schema_conformance"))
        #expect(good.status == 200)
    }

    @Test("a body the upstream compressed reaches the client as it was sent, and is checked decoded")
    func contentCodingPassesThrough() async throws {
        // `{"categories": ["Soups", "Salads"]}`, gzipped (mtime 0).
        let gzipped: [UInt8] = [
            31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 74, 78, 44, 73, 77, 207, 47, 202, 76, 45, 86, 178, 82,
            136,
            86, 10, 206, 47, 45, 40, 86, 210, 81, 80, 10, 78, 204, 73, 76, 41, 86, 138, 173, 5, 0, 49, 102,
            105,
            84, 35, 0, 0, 0,
        ]
        let harness = try ProxyHarness.overServer { _ in
            HTTPServer.Reply(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                    body: gzipped))
        }
        let raw = HTTPTransport(timeout: .seconds(5), bodyHandling: .forwarded)
        let outcome = await raw.perform(HTTPRequest(method: "GET", url: harness.url + "/categories"))
        let run = try harness.stop()
        let response = try outcome.result.get()
        #expect(response.body == gzipped)
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(run.cases.first?.outcome == .passed, "\(run.cases.first?.findings.map(\.message) ?? [])")
    }

    @Test("the upstream's base path is added going out and taken off for matching, in either request form")
    func basePath() async throws {
        let seen = Locked<[String]>([])
        let harness = try ProxyHarness.overServer(configure: { $0.upstream += "/api/v2" }) { incoming in
            seen.withLock { $0.append(incoming.request.target) }
            return HTTPServer.Reply(
                HTTPResponse(status: 200, text: #"{"categories": []}"#, contentType: "application/json"))
        }
        _ = try await harness.send("GET", "/categories")
        _ = try await harness.send("GET", "/api/v2/categories")
        let run = try harness.stop()
        #expect(seen.current == ["/api/v2/categories", "/api/v2/categories"])
        #expect(run.cases.map(\.endpointID) == ["listCategories", "listCategories"])
    }

    @Test(
        "a request in absolute form (the system's proxy settings) is forwarded; a CONNECT tunnel is refused")
    func proxySettingsForms() async throws {
        let harness = try ProxyHarness.overMock()
        let port = try #require(Int(harness.url.split(separator: ":").last ?? ""))
        let absolute = try RawClient(port: port)
        _ = absolute.send(
            "GET http://api.restaurant.test/categories HTTP/1.1\r\nHost: api.restaurant.test\r\n\r\n")
        let forwarded = try absolute.readResponse()
        let tunnel = try RawClient(port: port)
        _ = tunnel.send("CONNECT api.restaurant.test:443 HTTP/1.1\r\nHost: api.restaurant.test:443\r\n\r\n")
        let refused = try tunnel.readResponse()
        let run = try harness.stop()
        #expect(forwarded.status == 200)
        #expect(run.cases.map(\.endpointID) == ["listCategories"])
        #expect(refused.status == 400)
    }
}
