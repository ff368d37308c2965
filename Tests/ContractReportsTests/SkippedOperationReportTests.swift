import ContractKit
import Foundation
import JSONSchema
import Testing

@testable import ContractReports

/// Operations a description could not load are never tested; every report must say which and why,
/// so a green run of what loaded is never read as a green run of the whole API.
@Suite("Skipped operations in the reports")
struct SkippedOperationReportTests {
    let run = RunFixtures.withSkippedOperations()

    @Test("the Markdown report lists them with reason and place, in the coverage and the verdict")
    func markdown() {
        let text = MarkdownReport.render(run)
        let verdict = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(verdict.hasSuffix("; 2 operations not loaded, so not tested"), "\(verdict)")
        #expect(text.contains("## Skipped operations"))
        #expect(
            text.contains(
                #"| get\_etag\_etag | GET /etag/{etag | skipped: "path" has an unclosed placeholder \<{etag\> \& more | httpbin.json:866:7 |"#
            ), "\(text)")
        #expect(text.contains("| deleteAll | DELETE / | skipped: declared twice | — |"))
        #expect(text.contains(#"| get\_etag\_etag | — | — | skipped: "path" has an unclosed placeholder"#))
        #expect(!MarkdownReport.render(RunFixtures.mixed()).contains("Skipped operations"))
    }

    @Test("JUnit gives each one a skipped test case whose message is the reason")
    func junit() {
        let xml = JUnitReport.render(run)
        #expect(
            xml.contains(
                "<testcase classname=\"Coffee &amp; &lt;Tea&gt;.get_etag_etag\" name=\"GET /etag/{etag\" time=\"0.000\">\n      <skipped message=\"skipped: &quot;path&quot; has an unclosed placeholder &lt;{etag&gt; &amp; more\"/>"
            ), "\(xml)")
        #expect(
            xml.contains("name=\"deleteAll\"")
                && xml.contains("tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""))
        #expect(xml.contains("SKIPPED get_etag_etag: &quot;path&quot; has an unclosed placeholder"))
    }

    @Test("JSON results carry them in skippedOperations, valid by the schema, and read them back")
    func json() throws {
        let encoded = ResultsJSON.encode(run)
        let list = try #require(encoded["skippedOperations"]?.arrayValue)
        #expect(list.count == 2)
        #expect(list[0]["reason"]?.stringValue == "\"path\" has an unclosed placeholder <{etag> & more")
        #expect(list[0]["location"]?.stringValue == "httpbin.json:866:7")
        #expect(list[1]["location"] == .null)
        #expect(try ResultsJSONTests.schema().validate(encoded).isValid)
        let decoded = try ResultsJSON.decode(encoded)
        #expect(decoded.skippedOperations == run.skippedOperations)
        #expect(ResultsJSON.encode(RunFixtures.green())["skippedOperations"] == .array([]))
    }

    @Test("a merge of shards lists each skipped operation once")
    func merge() throws {
        var second = run
        second.shard = "2/2"
        var first = run
        first.shard = "1/2"
        let merged = try ResultsMerge.merge([first, second])
        #expect(merged.skippedOperations.map(\.endpointID) == ["get_etag_etag", "deleteAll"])
    }
}
