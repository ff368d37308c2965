import ConformCLI
import ContractKit
import ContractMock
import Foundation
import Testing

@Suite("conform check and conform proxy")
struct TrafficCommandTests {
    static func har(_ name: String) -> String { repo("Tests/ConformTrafficTests/Fixtures/HAR/\(name)") }

    static func reportsFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("conform-traffic-\(UUID().uuidString)")
            .path
    }

    @Test("check: clean traffic exits 0 and writes the <contract>.check.* reports")
    func checkClean() async throws {
        let reports = Self.reportsFolder()
        let output = await conform(
            "check", repo("Contracts/restaurant.json"), Self.har("proxyman.har"), "--reports-dir", reports)
        #expect(output.code == .success, "\(output.err)")
        #expect(output.err.contains("PASS GET /menu?category=Desserts → 200"))
        #expect(output.out.contains("PASSED: 3 passed"))
        for suffix in ["junit.xml", "md", "json"] {
            #expect(FileManager.default.fileExists(atPath: "\(reports)/restaurant.check.\(suffix)"))
        }
        #expect(!output.err.contains("proxyman-token"))
    }

    @Test("check: findings name their side, entries outside --base-url are listed as skipped, exit 1")
    func checkFindings() async throws {
        let reports = Self.reportsFolder()
        let output = await conform(
            "check", repo("Contracts/restaurant.json"), Self.har("chrome.har"), Self.har("charles.har"),
            "--base-url", "https://api.restaurant.test", "--reports-dir", reports)
        #expect(output.code == .checkFailed)
        #expect(
            output.err.contains(
                "SKIP GET /css2 unmatched, chrome.har entry 3 (2026-11-22T08:30:00.100Z): outside --base-url")
        )
        #expect(output.out.contains("client request_schema_conformance: /menuIds"))
        #expect(output.out.contains("server response_schema_conformance"))
        let markdown = try String(contentsOfFile: "\(reports)/restaurant.check.md", encoding: .utf8)
        #expect(markdown.contains("**request_schema_conformance** (the client's request)"))
        let json = try String(contentsOfFile: "\(reports)/restaurant.check.json", encoding: .utf8)
        #expect(json.contains(#""side": "request""#) && json.contains(#""side": "response""#))
        #expect(!json.contains("chrome-cookie-value"))
    }

    @Test("check: a file that is not HAR names the file and the place, exit 2")
    func checkNotHAR() async throws {
        let path = try temporaryFile("{\"log\": [1,", name: "broken.har")
        let output = await conform("check", repo("Contracts/restaurant.json"), path)
        #expect(output.code == .usageOrContractError)
        #expect(output.err.contains("\(path):1:"))
        let missing = await conform("check", repo("Contracts/restaurant.json"))
        #expect(missing.code == .usageOrContractError)
        #expect(missing.err.contains("missing argument <traffic.har>"))
    }

    @Test("proxy: --upstream is required and must be an http(s) URL, exit 2")
    func proxyUsage() async {
        let missing = await conform("proxy", repo("Contracts/restaurant.json"))
        #expect(missing.code == .usageOrContractError)
        #expect(missing.err.contains("missing option '--upstream <url>'"))
        let wrong = await conform("proxy", repo("Contracts/restaurant.json"), "--upstream", "ftp://x")
        #expect(wrong.code == .usageOrContractError)
        #expect(wrong.err.contains("'--upstream' takes an http:// or https:// URL"))
        let help = await conform("proxy", "--help")
        #expect(help.code == .success && help.out.contains("--errors") && help.out.contains("EXIT CODES"))
    }
}
