import ConformTestSupport
import ContractCompat
import Foundation
import JSONSchema
import Testing

/// The outputs of a comparison of two versions of a small shop API (an operation removed, a bound
/// tightened, properties made optional or removed, an enum value added and accepted, a status and
/// an operation added): the Markdown comment, JUnit XML and versioned JSON.
@Suite("Report formats")
struct ReportFormatTests {
    static func shopReport(clients: CompatClients = .any) throws -> CompatReport {
        func load(_ name: String) throws -> LoadedDescription {
            let data = try Data(contentsOf: PairCorpus.folder.appendingPathComponent("Documents/\(name)"))
            return try DescriptionLoader.load(bytes: Array(data), name: name)
        }
        let accepted = IgnoreEntry(
            rule: "response-property-enum-value-added", operationID: "listOrders",
            reason: "the list shows statuses as text")
        let options = CompatOptions(clients: clients, ignores: [accepted])
        return CompatCheck(options: options).compare(try load("shop-old.yaml"), try load("shop-new.yaml"))
    }

    @Test("the Markdown comment puts breaking changes first, grouped by operation")
    func markdown() throws {
        let text = CompatMarkdown.render(try Self.shopReport(clients: .codable))
        Golden.compat.check(text, named: "shop.md")
        let breaking = try #require(text.range(of: "### Breaking changes"))
        let warnings = try #require(text.range(of: "### Warnings"))
        #expect(breaking.lowerBound < warnings.lowerBound)
        #expect(text.contains("#### `GET /orders` (listOrders)"))
    }

    @Test("the JUnit report has a test case per operation and validates against both JUnit XSDs")
    func junit() throws {
        let report = try Self.shopReport()
        let xml = CompatJUnit.render(report, generatedAt: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(xml.contains("tests=\"4\""))
        #expect(xml.contains("failures=\"3\""))
        #expect(
            xml.contains("<failure message=\"3 breaking changes; first: request-parameter-max-decreased\""))
        if let missing = SharedData.xsdCheckUnavailable {
            print("JUnit XSD checks skipped: \(missing)")
            return
        }
        let folder = try SharedData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("compat.junit.xml")
        try Data(xml.utf8).write(to: file)
        for schema in ["windyroad-JUnit.xsd", "jenkins-junit-10.xsd"] {
            let xsd = SharedData.junitSchemas.appendingPathComponent(schema).path
            let result = try SharedData.run(
                SharedData.executable("xmllint") ?? "xmllint", ["--noout", "--schema", xsd, file.path])
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
    }

    @Test("the JSON report validates against docs/compat.schema.json and carries the verdict")
    func json() throws {
        let report = try Self.shopReport(clients: .codable)
        let text = CompatJSON.render(report, toolVersion: "test")
        let value = try JSONParser.parse(text)
        let schemaData = try Data(
            contentsOf: SharedData.packageRoot.appendingPathComponent("docs/compat.schema.json"))
        let schema = try Schema(
            try JSONParser.parse(Array(schemaData)), options: SchemaOptions(assertsFormats: true))
        let result = schema.validate(value)
        #expect(result.isValid, "\(result.errors.map(\.message))")
        #expect(value["verdict"]?["passes"] == false)
        #expect(value["verdict"]?["accepted"] == 1)
        #expect(value["changes"]?[0]?["location"]?["side"] == "old")
        #expect(value["changes"]?.arrayValue?.contains { $0["codable"] != nil } == true)
    }

    @Test("the text lines name file:line:column, level, rule, operation and pointer")
    func text() throws {
        let lines = CompatText.render(try Self.shopReport()).split(separator: "\n")
        #expect(
            lines.first
                == "shop-old.yaml:28:5: error: [api-removed-without-deprecation] DELETE /orders/{orderId} (cancelOrder): the operation was removed; old clients that call it fail (at /paths/~1orders~1{orderId}/delete)"
        )
        #expect(
            lines.last
                == "compat: shop-old.yaml → shop-new.yaml: 4 errors, 3 warnings, 2 info (1 accepted); fails (--fail-on error)"
        )
    }
}
