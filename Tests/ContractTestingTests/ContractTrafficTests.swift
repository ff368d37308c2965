import ContractKit
import ContractMock
import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URL protocol on its own: a server fault is the server's issue, requests elsewhere are left
/// alone, and a traffic that records no issues still keeps every verdict.
@Suite("ContractTraffic's URL protocol", .serialized)
struct ContractTrafficTests {
    private static let contractPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Contracts/restaurant.json"
        )
        .path

    /// A session checked by a traffic over the restaurant mock with `faults`.
    private func withTraffic(
        faults: [String] = [], recordsIssues: Bool = true,
        _ body: (ContractTraffic, URLSession, String) async throws -> Void
    ) async throws {
        let contract = try ContractLoader.load(file: Self.contractPath)
        let mock = ContractMock(
            contract: contract, configuration: .init(faults: faults.compactMap(FaultSelection.init(parsing:)))
        )
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let traffic = ContractTraffic(contract: contract, baseURL: baseURL, recordsIssues: recordsIssues)
        try await traffic.withCheckedSession { session in try await body(traffic, session, baseURL) }
    }

    @Test("a server fault is recorded as the server's issue, and the app still gets the answer")
    func serverFault() async throws {
        try await withTraffic(faults: ["wrong-type@listCategories"]) { traffic, session, baseURL in
            let url = try #require(URL(string: baseURL + "/categories"))
            try await withKnownIssue {
                let (_, response) = try await session.data(from: url)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("listCategories/call 1") && text.contains("response_schema_conformance:")
                    && !text.contains("client's request")
            }
            #expect(traffic.results.first?.findings.allSatisfy { $0.check.side == .response } == true)
        }
    }

    @Test("without issues, every verdict is still kept for the test to read")
    func resultsOnly() async throws {
        try await withTraffic(recordsIssues: false) { traffic, session, baseURL in
            var request = URLRequest(url: try #require(URL(string: baseURL + "/order")))
            request.httpMethod = "POST"
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("menuIds=1".utf8)
            _ = try await session.data(for: request)
            let result = try #require(traffic.results.first)
            #expect(result.findings.map(\.check).contains(.requestConformance))
        }
    }

    @Test("a request outside the traffic's base URL is not taken")
    func otherHosts() throws {
        let contract = try ContractLoader.load(file: Self.contractPath)
        let traffic = ContractTraffic(contract: contract, baseURL: "http://127.0.0.1:9/api")
        let configuration = URLSessionConfiguration.ephemeral
        traffic.install(on: configuration)
        defer { traffic.uninstall() }
        #expect(configuration.protocolClasses?.first == ContractTrafficProtocol.self)
        #expect(
            ContractTrafficProtocol.canInit(
                with: URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/api/menu")))))
        #expect(
            !ContractTrafficProtocol.canInit(
                with: URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/apix")))))
        #expect(
            !ContractTrafficProtocol.canInit(
                with: URLRequest(url: try #require(URL(string: "http://example.com/api/menu")))))
    }
}
