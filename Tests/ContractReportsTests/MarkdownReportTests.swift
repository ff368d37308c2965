import ConformTestSupport
import ContractKit
import Foundation
import Testing

@testable import ContractReports

@Suite("MarkdownReport")
struct MarkdownReportTests {
    @Test("pinned output for a fixed run")
    func golden() {
        Golden.reports.check(MarkdownReport.render(RunFixtures.mixed()), named: "mixed.md")
    }

    @Test("the first line is the verdict, naming the contract, its version and the server")
    func verdict() {
        let failed = MarkdownReport.render(RunFixtures.mixed())
        #expect(
            failed.hasPrefix(
                #"❌ Failed: Coffee \& \<Tea\> 1.2.0 against http://localhost:8080: 2 passed, 1 failed, 1 error, 1 skipped in 5.12 s"#
                    + "\n")
        )
        let green = MarkdownReport.render(RunFixtures.green())
        #expect(
            green.hasPrefix(
                "✅ Passed: Coffee 1.2.0 against https://api.example.com/v1: 2 passed, 0 failed, 0 errors, 0 skipped in 80 ms"
            ))
        let fuzzed = MarkdownReport.render(RunFixtures.green(), activity: "fuzz")
        #expect(fuzzed.hasPrefix("✅ Passed: Coffee 1.2.0 (fuzz) against https://api.example.com/v1: "))
        #expect(!green.contains("## Failures"))
        var interrupted = RunFixtures.green()
        interrupted.interrupted = true
        let first = MarkdownReport.render(interrupted).split(separator: "\n")[0]
        #expect(
            first.hasPrefix("⏹️ Interrupted: Coffee 1.2.0 against"), "an interrupted run never reads as passed"
        )
    }

    @Test("server text cannot break tables, inject HTML or close fences")
    func escaping() throws {
        var run = RunFixtures.mixed()
        run.cases[0].endpointID = "list|<b>Menu</b>\nnext"
        run.cases[2].findings[0].message = "got <script>alert(1)</script> | and ```` fences"
        run.cases[2].response?.body += Array("\n`````\n</details>\n".utf8)
        let text = MarkdownReport.render(run)
        #expect(text.contains(#"| list\|\<b\>Menu\</b\> next | 1 |"#))
        #expect(text.contains(#"got \<script\>alert(1)\</script\> \| and \`\`\`\` fences"#))
        for line in Self.prose(text) {
            let html = line.replacingOccurrences(of: "<details><summary>Transcript</summary>", with: "")
                .replacingOccurrences(of: "</details>", with: "")
            #expect(!html.contains { $0 == "<" || $0 == ">" } || html.contains("\\<"), "raw HTML in: \(line)")
            #expect(!html.replacingOccurrences(of: "\\<", with: "").contains("<"), "raw HTML in: \(line)")
        }
        #expect(text.contains("\n``````http\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(text.contains(#"\u{1B}[2J"#))
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            #expect(line.hasSuffix("|"), "table row broken: \(line)")
        }
    }

    /// The lines outside fenced code blocks, with code spans removed: where Markdown would
    /// interpret HTML.
    static func prose(_ text: String) -> [String] {
        var lines: [String] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let ticks = String(line.prefix { $0 == "`" })
            if let open = fence {
                if ticks.count >= open.count && line.allSatisfy({ $0 == "`" }) { fence = nil }
                continue
            }
            if ticks.count >= 3 {
                fence = ticks
                continue
            }
            lines.append(line.replacingOccurrences(of: #"(`+).*?\1"#, with: "", options: .regularExpression))
        }
        return lines
    }

    @Test("findings come with the reproducer and a collapsed transcript")
    func failureDetails() {
        let text = MarkdownReport.render(RunFixtures.mixed())
        #expect(text.contains("### createOrder/tea: ❌ failed"))
        #expect(text.contains("- **response\\_schema\\_conformance**") == false)
        #expect(text.contains("- **response_schema_conformance**: \"price\" must be a number, got a string"))
        #expect(text.contains("  - at: `/items/0/price`"))
        #expect(text.contains("```sh\ncurl -sS -i -X POST"))
        #expect(text.contains("<details><summary>Transcript</summary>"))
        #expect(text.contains("### deleteOrder/seven: ⚠️ error"))
        #expect(text.contains("| createOrder | 201, 400 | 500 | 201, 400 |"))
    }

    @Test("stays under the limit and says how many failures it left out", arguments: [2_000, 4_000, 20_000])
    func sizeLimit(limit: Int) {
        var run = RunFixtures.mixed()
        run.cases += (0..<200).map { RunFixtures.failed("bulk", "case\($0)", body: RunFixtures.hostileBody) }
        let text = MarkdownReport.render(run, limit: limit)
        #expect(text.utf8.count <= limit)
        #expect(
            text.hasPrefix(
                #"❌ Failed: Coffee \& \<Tea\> 1.2.0 against http://localhost:8080: 2 passed, 201 failed"#))
        #expect(text.contains("left out to keep this report under \(limit) bytes"))
    }

    @Test("even a report whose tables exceed the limit is cut to fit", arguments: [0, 50, 300])
    func tinyLimit(limit: Int) {
        let text = MarkdownReport.render(RunFixtures.mixed(), limit: limit)
        #expect(text.utf8.count <= limit)
    }

    @Test("the full report fits the default limit when there are few failures")
    func fullReport() {
        let text = MarkdownReport.render(RunFixtures.mixed())
        #expect(!text.contains("left out"))
        #expect(text.utf8.count < 1_000_000)
    }

    @Test("the only failure is never dropped to stay under the limit: its texts are cut instead")
    func onlyFailureKept() {
        var run = RunFixtures.green()
        var failure = RunFixtures.failed("bulk", "huge", body: RunFixtures.hostileBody)
        failure.findings = (0..<6).map { index in
            Finding(
                check: .responseSchemaConformance,
                message: "finding \(index) " + String(repeating: "m", count: 9_000),
                actual: String(repeating: "a", count: 9_000))
        }
        failure.curl = "curl " + String(repeating: "c", count: 9_000)
        run.cases.append(failure)
        let text = MarkdownReport.render(run, limit: 12_000)
        #expect(text.utf8.count <= 12_000)
        #expect(text.contains("### bulk/huge: ❌ failed"), "\(text)")
        #expect(text.contains("finding 5 mmm"))
        #expect(!text.contains("left out"))
    }
}
