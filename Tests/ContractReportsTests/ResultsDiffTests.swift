import ConformHTTP
import ContractKit
import Foundation
import Testing

@testable import ContractReports

@Suite("ResultsDiff")
struct ResultsDiffTests {
    static func run(_ cases: [CaseResult]) -> RunResult {
        RunResult(
            contractName: "Coffee", contractVersion: "1.2.0", baseURL: "http://localhost:8080",
            startedAt: RunFixtures.start, duration: .seconds(1), cases: cases, toolVersion: "0.4.0")
    }

    static let baseline = run([
        RunFixtures.passed("listMenu", "default", ms: 10),
        RunFixtures.passed("listMenu", "cheap", ms: 100),
        RunFixtures.failed("createOrder", "tea", body: []),
        RunFixtures.passed("deleteOrder", "seven"),
        RunFixtures.passed("getOrder", "old"),
        RunFixtures.passed("listMenu", "fast", ms: 2),
    ])

    static let current = run([
        RunFixtures.failed("listMenu", "default", body: []),
        RunFixtures.passed("listMenu", "cheap", ms: 400),
        RunFixtures.passed("createOrder", "tea"),
        RunFixtures.errored("deleteOrder", "seven"),
        RunFixtures.passed("getOrder", "new"),
        RunFixtures.passed("listMenu", "fast", ms: 9),
    ])

    @Test("regressions carry their new findings")
    func regressions() {
        let diff = ResultsDiff(baseline: Self.baseline, current: Self.current)
        #expect(diff.hasRegressions)
        #expect(diff.regressions.map(\.id) == ["listMenu/default", "deleteOrder/seven"])
        #expect(diff.regressions[0].current == .failed && diff.regressions[0].newFindings.count == 2)
        #expect(diff.regressions[1].current == .error && diff.regressions[1].reason == "timed out after 5 s")
    }

    @Test("fixed, added and removed cases are listed by id")
    func changes() {
        let diff = ResultsDiff(baseline: Self.baseline, current: Self.current)
        #expect(
            diff.fixed == [ResultsDiff.Change(id: "createOrder/tea", baseline: .failed, current: .passed)])
        #expect(diff.added.map(\.id) == ["getOrder/new"])
        #expect(diff.removed.map(\.id) == ["getOrder/old"])
    }

    @Test(
        "slower needs both the ratio and the absolute growth",
        arguments: [
            (1.5, 50.0, ["listMenu/cheap", "deleteOrder/seven"]), (5.0, 50.0, ["deleteOrder/seven"]),
            (1.5, 1.0, ["listMenu/default", "listMenu/cheap", "deleteOrder/seven", "listMenu/fast"]),
        ])
    func slower(threshold: Double, minimum: Double, expected: [String]) {
        let diff = ResultsDiff(
            baseline: Self.baseline, current: Self.current, slowerThreshold: threshold,
            minimumSlowdownMs: minimum)
        #expect(diff.slower.map(\.id) == expected)
    }

    @Test("identical runs differ in nothing")
    func identical() {
        let diff = ResultsDiff(baseline: Self.baseline, current: Self.baseline)
        #expect(diff.isEmpty && !diff.hasRegressions)
        #expect(diff.text() == "No regressions: 0 regressions, 0 fixed, 0 added, 0 removed, 0 slower\n")
        #expect(diff.markdown().hasPrefix("✅ No regressions"))
    }

    @Test("renderings name every change")
    func rendering() {
        let diff = ResultsDiff(baseline: Self.baseline, current: Self.current)
        let text = diff.text()
        #expect(text.hasPrefix("Regressions: 2 regressions, 1 fixed, 1 added, 1 removed, 2 slower\n"))
        #expect(
            text.contains(
                "  listMenu/default: passed -> failed\n    [response_schema_conformance] at /items/0/price"))
        #expect(text.contains("  listMenu/cheap: 100 ms -> 400 ms (×4.0)"))
        let markdown = diff.markdown()
        #expect(markdown.hasPrefix("❌ Regressions: 2 regressions"))
        #expect(markdown.contains("| listMenu/default | passed | failed | **response_schema_conformance**:"))
        #expect(markdown.contains("### Removed\n\n- getOrder/old: was passed\n"))
    }
}
