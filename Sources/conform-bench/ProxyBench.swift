import ConformHTTP
import ConformTraffic
import ContractKit
import ContractMock
import Foundation

/// What `conform proxy` adds to an exchange: the same sequential calls to the Restaurant mock,
/// direct and through a checking proxy (both directions checked), and the resident memory while a
/// 256 MB body streams through a proxy whose `--max-body` is 1 MiB.
struct ProxyBench {
    let contract: Contract
    let repetitions: Int
    let exchanges: Int

    init(contract: Contract, options: BenchOptions) {
        self.contract = contract
        repetitions = options.repetitions
        exchanges = options.quick ? 150 : 300
    }

    func run() async throws -> [BenchRow] {
        let mock = ContractMock(contract: contract)
        let upstream = try mock.start()
        defer { mock.shutdown() }
        let proxy = try ContractProxy(contract: contract, configuration: .init(upstream: upstream))
        let proxied = try proxy.start()
        defer { _ = try? proxy.stop() }
        let transport = HTTPTransport(timeout: .seconds(10))
        try await calls(transport, baseURL: upstream)
        try await calls(transport, baseURL: proxied)
        var timing = PairedTiming()
        for _ in 0..<repetitions {
            timing.subject.append(try await Stopwatch.time { try await calls(transport, baseURL: proxied) })
            timing.baseline.append(try await Stopwatch.time { try await calls(transport, baseURL: upstream) })
        }
        let added = (timing.subjectSeconds - timing.baselineSeconds) / Double(exchanges)
        let failed = proxy.results.filter { $0.outcome != .passed }
        if let first = failed.first {
            throw BenchFailure("proxy: \(failed.count) exchanges failed, first \(first.id)")
        }
        return [
            BenchRow(
                area: "Proxy", name: "\(exchanges) sequential exchanges, both directions checked",
                measured: "\(Figure.milliseconds(timing.subjectSeconds / Double(exchanges))) per exchange",
                baseline: "direct \(Figure.milliseconds(timing.baselineSeconds / Double(exchanges)))",
                ratio: "+\(Figure.milliseconds(added))", target: "≤ +3 ms", met: added <= 0.003),
            try await streamingMemory(),
        ]
    }

    /// `exchanges` calls, a third each of the menu, the categories and an order.
    private func calls(_ transport: HTTPTransport, baseURL: String) async throws {
        for index in 0..<exchanges {
            let request: HTTPRequest
            switch index % 3 {
            case 0: request = HTTPRequest(method: "GET", url: baseURL + "/menu?category=Desserts")
            case 1: request = HTTPRequest(method: "GET", url: baseURL + "/categories")
            default:
                request = HTTPRequest(
                    method: "POST", url: baseURL + "/order", headers: ["Content-Type": "application/json"],
                    body: Array(#"{"menuIds": [1]}"#.utf8))
            }
            let response = try await transport.send(request)
            guard (200..<300).contains(response.status) else {
                throw BenchFailure("proxy: \(request.method) \(request.url) answered \(response.status)")
            }
        }
    }

    /// Growth of the resident set while 256 MB stream through the proxy to a client reading it.
    private func streamingMemory() async throws -> BenchRow {
        let total = 256 * 1_048_576
        let piece = [UInt8](repeating: UInt8(ascii: "7"), count: 64 * 1024)
        let server = HTTPServer(streaming: { _ in
            let left = Locked(total / piece.count)
            let rest = BodyStream.generated(declaredLength: total) {
                left.withLock { count -> [UInt8]? in
                    guard count > 0 else { return nil }
                    count -= 1
                    return piece
                }
            }
            return HTTPServer.Reply(
                HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"]), rest: rest)
        })
        let port = try server.start()
        defer { server.shutdown() }
        var configuration = ContractProxy.Configuration(upstream: "http://127.0.0.1:\(port)")
        configuration.maximumBodyBytes = 1_048_576
        let proxy = try ContractProxy(contract: contract, configuration: configuration)
        let url = try proxy.start()
        defer { _ = try? proxy.stop() }
        let before = Self.residentBytes()
        let client = HTTPTransport(
            timeout: .seconds(30), maximumBodyBytes: 1_048_576, bodyHandling: .forwarded)
        let outcome = await client.perform(HTTPRequest(method: "GET", url: url + "/images/big.png"))
        var received = try outcome.result.get().body.count
        var peak = Self.residentBytes()
        while let bytes = try outcome.rest?.next(idleTimeout: .seconds(10)) {
            received += bytes.count
            if received % (16 * 1_048_576) < bytes.count { peak = max(peak, Self.residentBytes()) }
        }
        guard received == total else { throw BenchFailure("proxy stream: \(received) of \(total) bytes") }
        let growth = Double(max(0, peak - before))
        return BenchRow(
            area: "Proxy", name: "256 MB body streamed through (--max-body 1 MiB)",
            measured: "+\(Figure.megabytes(growth)) resident",
            baseline: "body \(Figure.megabytes(Double(total)))",
            ratio: Figure.fixed(growth / Double(total) * 100, 1) + "% of the body", target: "≤ 32 MB",
            met: growth <= 32_000_000)
    }

    /// The process's resident set (`VmRSS`), 0 where /proc is not there.
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}
