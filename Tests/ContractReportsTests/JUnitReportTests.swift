import ConformHTTP
import ConformTestSupport
import ContractKit
import Foundation
import Testing

@testable import ContractReports

@Suite("JUnitReport")
struct JUnitReportTests {
    static let schemas = ["jenkins-junit-10.xsd", "windyroad-JUnit.xsd"]

    static let runs: [(String, RunResult)] = [
        ("mixed", RunFixtures.mixed()),
        ("green", RunFixtures.green()),
        (
            "empty",
            RunResult(
                contractName: "", contractVersion: "", baseURL: "not a url", startedAt: RunFixtures.start,
                duration: .zero, cases: [], toolVersion: "0.4.0", interrupted: true)
        ),
        ("truncated", truncatedRun()),
        ("hostileNames", hostileNamesRun()),
        ("skippedOperations", RunFixtures.withSkippedOperations()),
    ]

    /// Control characters, quotes and markup in every name and message that reaches an attribute.
    static func hostileNamesRun() -> RunResult {
        var run = RunFixtures.mixed()
        run.contractName = "Coffee\u{1}\"shop'\t<x>"
        run.baseURL = "http://[::1]:8080/base"
        run.shard = "1/2"
        run.cases[2].endpointID = "create\u{0}Order\n]]>"
        run.cases[2].name = "tea\u{FFFF}\r\nsecond line"
        run.cases[2].findings[0].message = "bad\u{1B}[31m red ]]> <!-- -->"
        run.cases[3].reason = "reset \u{7} by peer & \"gone\""
        run.cases[4].reason = "\u{0}"
        return run
    }

    static func truncatedRun() -> RunResult {
        var run = RunFixtures.mixed()
        run.cases[2].response?.body =
            Array(repeating: 0xE2, count: 1) + Array("€".utf8) + RunFixtures.hostileBody
            + Array(repeating: UInt8(ascii: "x"), count: 100_000)
        return run
    }

    @Test("validates against the XSD", .enabled(if: XMLLint.isAvailable), arguments: schemas, runs.map(\.0))
    func validatesAgainstXSD(schema: String, run name: String) throws {
        let run = try #require(Self.runs.first { $0.0 == name }?.1)
        let xml = JUnitReport.render(run, transcriptLimit: 4096)
        if let keep = ProcessInfo.processInfo.environment["CONFORM_KEEP_REPORTS"], !keep.isEmpty {
            try Data(xml.utf8).write(
                to: URL(fileURLWithPath: keep).appendingPathComponent("\(name).junit.xml"))
        }
        let xsd = TestPaths.shared.appendingPathComponent("junit").appendingPathComponent(schema)
        #expect(FileManager.default.fileExists(atPath: xsd.path), "missing \(xsd.path)")
        guard let outcome = try XMLLint.validate(xml, schema: xsd) else { return }
        #expect(outcome.status == 0, "\(schema) rejected the \(name) report:\n\(outcome.output)\n\(xml)")
    }

    @Test(
        "xmllint really validates: a document the strict schema forbids is rejected",
        .enabled(if: XMLLint.isAvailable))
    func xmllintRejects() throws {
        let xsd = TestPaths.shared.appendingPathComponent("junit/windyroad-JUnit.xsd")
        guard
            let outcome = try XMLLint.validate(
                "<testsuites name=\"x\"><testsuite/></testsuites>", schema: xsd)
        else {
            return
        }
        #expect(outcome.status != 0)
    }

    @Test("counts add up by endpoint")
    func countsAddUp() {
        let xml = JUnitReport.render(RunFixtures.mixed())
        #expect(
            xml.contains(
                #"name="listMenu" hostname="localhost" timestamp="2026-11-22T04:31:00" tests="2" failures="0" errors="0" skipped="0" time="0.053""#
            ))
        #expect(
            xml.contains(#"name="createOrder""#)
                && xml.contains(#"tests="1" failures="1" errors="0" skipped="0""#))
        #expect(xml.contains(#"tests="1" failures="0" errors="1" skipped="0" time="5.000""#))
        #expect(xml.contains(#"tests="1" failures="0" errors="0" skipped="1""#))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 5)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"))
    }

    @Test("failures list every finding and the reproducer")
    func failureText() {
        let xml = JUnitReport.render(RunFixtures.mixed())
        #expect(
            xml.contains(
                #"<failure message="2 findings; first: &quot;price&quot; must be a number, got a string" type="response_schema_conformance">"#
            ))
        #expect(xml.contains("[status_code_conformance] status 500 is not declared"))
        #expect(xml.contains("  at:       /items/0/price"))
        #expect(xml.contains("Reproduce:\ncurl -sS -i -X POST"))
        #expect(xml.contains(#"<error message="timed out after 5 s" type="transport">"#))
        #expect(xml.contains(#"<skipped message="depends on createOrder/tea, which failed"/>"#))
        #expect(xml.contains(#"classname="Coffee &amp; &lt;Tea&gt;.createOrder" name="tea""#))
    }

    @Test("hostile bodies are escaped and forbidden characters made visible")
    func hostileBodies() {
        let xml = JUnitReport.render(RunFixtures.mixed())
        #expect(!xml.contains("<script>"))
        #expect(!xml.contains("]]>"))
        #expect(xml.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; ]]&gt;"))
        #expect(xml.contains(#"\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}[2J"#))
        #expect(xml.contains("\u{FFFD}"))
        #expect(xml.contains(#"\u{FFFE}\u{FFFF} end"#))
        let forbidden = xml.unicodeScalars.filter { !XMLText.isAllowed($0) }
        #expect(forbidden.isEmpty)
    }

    @Test("attribute values keep line breaks and tabs as character references")
    func attributes() {
        #expect(XMLText.attribute("a\tb\nc\rd\u{0}") == "a&#9;b&#10;c&#13;d\\u{0}")
        #expect(XMLText.content("a\tb\nc\rd") == "a\tb\nc&#13;d")
        let xml = JUnitReport.render(Self.hostileNamesRun())
        #expect(xml.contains(#"hostname="::1""#) || xml.contains(#"hostname="[::1]""#))
        #expect(xml.unicodeScalars.allSatisfy { XMLText.isAllowed($0) })
    }

    @Test("transcripts are cut with a note giving the full size")
    func truncation() {
        let xml = JUnitReport.render(Self.truncatedRun(), transcriptLimit: 64)
        #expect(xml.contains("… (truncated, "))
        #expect(!xml.contains("xxxxxxxxxx"))
    }

    @Test("truncation never splits a UTF-8 character", arguments: 0..<8)
    func truncationBoundary(limit: Int) {
        let text = Transcript.decode(Array("€€€".utf8), limit: limit)
        #expect(!text.contains("\u{FFFD}"))
    }

    @Test(
        "times have at most three decimals",
        arguments: [Duration.zero, .nanoseconds(1), .milliseconds(1_234_567), .seconds(-1)])
    func times(duration: Duration) {
        let text = ReportFormatting.seconds(duration)
        #expect(text.range(of: #"^[0-9]+\.[0-9]{3}$"#, options: .regularExpression) != nil, "\(text)")
    }
}
