import ContractKit
import Testing

@testable import ContractReports

/// The formats are one list; paths, rendering and clipping follow it.
@Suite("Report formats as a list of strategies")
struct ReportFormatTests {
    @Test("every format is listed once, with a distinct name and file suffix")
    func listedOnce() {
        let names = ReportFormats.all.map(\.name)
        #expect(names == ["junit", "markdown", "json"])
        #expect(Set(ReportFormats.all.map(\.fileSuffix)).count == ReportFormats.all.count)
        #expect(ReportFormats.named("markdown") is MarkdownFormat)
        #expect(ReportFormats.named("html") == nil)
    }

    @Test("default paths put the command between the contract stem and each format's suffix")
    func pathsPerCommand() {
        let paths = ReportPaths(
            contractFile: "Contracts/restaurant.json", reportsDirectory: "out", command: "fuzz",
            explicit: ["json": "/tmp/r.json"])
        #expect(
            paths.files.map(\.path) == [
                "out/restaurant.fuzz.junit.xml", "out/restaurant.fuzz.md", "/tmp/r.json",
            ])
        #expect(paths.junit == "out/restaurant.fuzz.junit.xml")
    }

    @Test("each format renders what its report type renders")
    func rendersThroughReports() {
        let run = RunFixtures.mixed()
        #expect(JUnitFormat().render(run, activity: "run") == JUnitReport.render(run))
        #expect(MarkdownFormat().render(run, activity: "run") == MarkdownReport.render(run))
        #expect(
            MarkdownFormat().render(run, activity: "fuzz") == MarkdownReport.render(run, activity: "fuzz"))
        #expect(JSONResultsFormat().render(run, activity: nil).hasPrefix("{\n"))
    }

    @Test("a finding field over the limit is clipped in Markdown and JUnit, and the failure stays")
    func longFindingClipped() {
        var run = RunFixtures.mixed()
        guard let index = run.cases.firstIndex(where: { $0.outcome == .failed }) else {
            Issue.record("the fixture has a failed case")
            return
        }
        let huge = String(repeating: "y", count: 200_000)
        run.cases[index].findings[0].actual = huge
        run.cases[index].curl = "curl " + huge
        for text in [MarkdownReport.render(run), JUnitReport.render(run)] {
            #expect(text.utf8.count < 60_000)
            #expect(text.contains("(truncated, 200000 bytes in all)"))
            #expect(text.contains(run.cases[index].id))
        }
    }
}
