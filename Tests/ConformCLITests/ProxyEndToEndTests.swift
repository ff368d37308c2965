import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import Testing

/// Runs the built binary as a proxy in front of the restaurant mock, sends it traffic, stops it
/// with SIGTERM and reads what it left: lines, reports, the HAR file and the samples.
@Suite("conform proxy binary")
struct ProxyEndToEndTests {
    @Test(
        "SIGTERM stops the proxy, which writes its reports, HAR file and samples",
        .enabled(if: EndToEndTests.binary != nil))
    func stopsAndReports() async throws {
        guard let binary = EndToEndTests.binary else { return }
        let contract = try ContractLoader.load(file: repo("Contracts/restaurant.json"))
        let mock = ContractMock(contract: contract)
        let upstream = try mock.start()
        defer { mock.shutdown() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-proxy-\(UUID().uuidString)"
        ).path
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "proxy", repo("Contracts/restaurant.json"), "--upstream", upstream, "--port", "0",
            "--reports-dir", folder,
            "--har", folder + "/session.har", "--record", folder + "/samples",
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let banner = Self.readLine(out.fileHandleForReading)
        let url = try #require(
            banner.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        let transport = HTTPTransport(timeout: .seconds(5))
        _ = try await transport.send(
            HTTPRequest(
                method: "GET", url: url + "/menu", headers: ["Authorization": "Bearer e2e-secret-token"]))
        _ = try await transport.send(
            HTTPRequest(
                method: "POST", url: url + "/order", headers: ["Content-Type": "application/json"],
                body: Array("{}".utf8)))
        process.terminate()
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1, "\(errors)")
        #expect(errors.contains("PASS GET /menu → 200"))
        #expect(errors.contains("FAIL POST /order → 400"))
        #expect(rest.contains("client request_schema_conformance"))
        for name in [
            "restaurant.proxy.junit.xml", "restaurant.proxy.md", "restaurant.proxy.json", "session.har",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
        }
        let har = try String(contentsOfFile: folder + "/session.har", encoding: .utf8)
        #expect(!har.contains("e2e-secret-token") && har.contains(#""method":"POST""#))
        let samples = try FileManager.default.contentsOfDirectory(atPath: folder + "/samples/listMenu")
        #expect(samples.count == 1 && samples[0].hasPrefix("200-exchange-1"))
    }

    /// The first line written to `handle` (the banner with the proxy's URL).
    static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while !bytes.contains(0x0A) {
            let data = handle.availableData
            if data.isEmpty { break }
            bytes += data
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
