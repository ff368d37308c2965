import ConformHTTP
import ConformTestSupport
import ConformTraffic
import ContractKit
import ContractMock
import Foundation

/// A proxy in front of an upstream, both on free loopback ports, stopped by `stop()`.
struct ProxyHarness {
    let proxy: ContractProxy
    let url: String
    let upstream: @Sendable () -> Void

    static let packageRoot = TestPaths.packageRoot

    static func restaurant() throws -> Contract {
        try ContractLoader.load(file: packageRoot.appendingPathComponent("Contracts/restaurant.json").path)
    }

    /// The restaurant contract's mock as the upstream, with `faults`.
    static func overMock(
        faults: [String] = [], configure: (inout ContractProxy.Configuration) -> Void = { _ in }
    ) throws -> ProxyHarness {
        let contract = try restaurant()
        let mock = ContractMock(
            contract: contract,
            configuration: .init(
                faults: faults.compactMap(FaultSelection.init(parsing:)), faultDelay: .milliseconds(50)))
        let upstreamURL = try mock.start()
        return try over(upstreamURL, contract: contract, configure: configure) { mock.shutdown() }
    }

    /// An `HTTPServer` answering with `handler` as the upstream.
    static func overServer(
        contract: Contract? = nil, configure: (inout ContractProxy.Configuration) -> Void = { _ in },
        _ handler: @escaping @Sendable (HTTPServer.Incoming) -> HTTPServer.Reply
    ) throws -> ProxyHarness {
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.maxBodyBytes = 64 * 1_048_576
        serverConfiguration.bodyReadTimeout = .seconds(60)
        let server = HTTPServer(configuration: serverConfiguration, streaming: handler)
        let port = try server.start()
        return try over(
            "http://127.0.0.1:\(port)", contract: try contract ?? restaurant(), configure: configure
        ) { server.shutdown() }
    }

    private static func over(
        _ upstreamURL: String, contract: Contract, configure: (inout ContractProxy.Configuration) -> Void,
        stopUpstream: @escaping @Sendable () -> Void
    ) throws -> ProxyHarness {
        var configuration = ContractProxy.Configuration(upstream: upstreamURL, timeout: .seconds(5))
        configure(&configuration)
        let proxy = try ContractProxy(contract: contract, configuration: configuration)
        let url = try proxy.start()
        return ProxyHarness(proxy: proxy, url: url, upstream: stopUpstream)
    }

    /// Stops the proxy, then the upstream; returns the session.
    @discardableResult
    func stop() throws -> RunResult {
        let result = try proxy.stop()
        upstream()
        return result
    }

    /// Sends a request through the proxy with a plain client (content coding undone).
    func send(
        _ method: String, _ target: String, headers: HTTPFields = [:], body: String? = nil,
        transport: HTTPTransport = HTTPTransport(timeout: .seconds(10))
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: url + target, headers: headers)
        if let body {
            request.body = Array(body.utf8)
            if request.headers["Content-Type"] == nil { request.headers["Content-Type"] = "application/json" }
        }
        return try await transport.send(request)
    }
}
