import ConformTestSupport
import ContractKit
import Foundation
import JSONSchema
import Testing

@testable import ContractReports

@Suite("ResultsJSON")
struct ResultsJSONTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func schema() throws -> Schema {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/results.schema.json")
        let document = try JSONParser.parse(Array(try Data(contentsOf: url)))
        return try Schema(document, options: SchemaOptions(assertsFormats: true))
    }

    static let runs: [(String, RunResult)] = [
        ("mixed", RunFixtures.mixed()),
        ("green", RunFixtures.green()),
        ("controls", controlRun()),
        ("bigSeed", bigSeedRun()),
    ]

    static func controlRun() -> RunResult {
        var run = RunFixtures.mixed()
        run.cases[2].response?.body = Array("tab\t nul\u{0} esc\u{1B} quote\" backslash\\ emoji 🍵".utf8)
        run.cases[0].duration = .microseconds(12_345)
        run.shard = "2/3"
        run.interrupted = true
        return run
    }

    static func bigSeedRun() -> RunResult {
        var run = RunFixtures.green()
        run.seed = UInt64.max
        run.contractFile = nil
        return run
    }

    /// The run as the format keeps it: times at millisecond (durations microsecond) precision.
    static func normalized(_ run: RunResult) -> RunResult {
        var run = run
        run.startedAt = Date(
            timeIntervalSince1970: (run.startedAt.timeIntervalSince1970 * 1000).rounded() / 1000)
        func round(_ duration: Duration) -> Duration {
            .microseconds(ReportFormatting.microseconds(duration))
        }
        run.duration = round(run.duration)
        for index in run.cases.indices {
            run.cases[index].duration = round(run.cases[index].duration)
            if let response = run.cases[index].response {
                run.cases[index].response?.duration = round(response.duration)
            }
        }
        return run
    }

    @Test("encode, serialize, parse and decode gives the run back", arguments: runs.map(\.0))
    func roundTrip(name: String) throws {
        let run = try #require(Self.runs.first { $0.0 == name }?.1)
        let text = JSONSerializer(style: .pretty).string(ResultsJSON.encode(run))
        let decoded = try ResultsJSON.decode(try JSONParser.parse(text))
        #expect(Self.normalized(decoded) == Self.normalized(run))
        #expect(decoded.startedAt.timeIntervalSince1970 == run.startedAt.timeIntervalSince1970)
    }

    @Test("encoded results validate against docs/results.schema.json", arguments: runs.map(\.0))
    func validatesAgainstSchema(name: String) throws {
        let run = try #require(Self.runs.first { $0.0 == name }?.1)
        let result = try Self.schema().validate(ResultsJSON.encode(run))
        #expect(result.isValid, "\(result.errors.map(\.description).joined(separator: "\n"))")
    }

    @Test("the schema knows every check a finding can name", arguments: CheckName.allCases)
    func everyCheckName(check: CheckName) throws {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/results.schema.json")
        let document = try JSONParser.parse(Array(try Data(contentsOf: url)))
        let names = document["$defs"]?["checkName"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(names.contains(check.rawValue), "docs/results.schema.json lacks \(check.rawValue)")
    }

    @Test("the schema rejects what the format forbids")
    func schemaRejects() throws {
        guard case .object(var document) = ResultsJSON.encode(RunFixtures.mixed()) else { return }
        document["durationMs"] = -1
        #expect(try !Self.schema().isValid(.object(document)))
        document["durationMs"] = 1
        document["cases"] = [
            [
                "id": "a/b", "endpoint": "a", "name": "b", "method": "GET", "path": "/", "outcome": "maybe",
                "durationMs": 1,
            ]
        ]
        #expect(try !Self.schema().isValid(.object(document)))
        document["cases"] = []
        #expect(try Self.schema().isValid(.object(document)))
    }

    @Test("invalid UTF-8 bodies go to bodyBase64, text bodies stay readable")
    func bodies() throws {
        let encoded = ResultsJSON.encode(RunFixtures.mixed())
        let failed = try #require(encoded["cases"]?[2])
        #expect(failed["response"]?["body"] == nil)
        #expect(failed["response"]?["bodyBase64"]?.stringValue?.isEmpty == false)
        #expect(failed["request"]?["body"]?.stringValue == #"{"item":"tea"}"#)
        #expect(encoded["startedAt"]?.stringValue == "2026-11-22T04:31:00.125Z")
        #expect(encoded["durationMs"]?.intValue == 5123)
        #expect(encoded["conformResults"]?.intValue == ResultsJSON.formatVersion)
    }

    @Test("a results file written before verdict and unreachable were added still decodes")
    func olderFile() throws {
        let url = Self.testsFolder.appendingPathComponent("Fixtures/results-v1.json")
        let text = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains("\"verdict\"") && !$0.contains("\"unreachable\"") }.joined(separator: "\n")
        let run = try ResultsJSON.decode(try JSONParser.parse(text))
        #expect(run.verdict == .failed)
        #expect(run.cases.allSatisfy { !$0.isUnreachable })
    }

    @Test("the golden v1 file decodes and encodes back to the same document")
    func goldenFile() throws {
        let url = Self.testsFolder.appendingPathComponent("Fixtures/results-v1.json")
        let document = try JSONParser.parse(Array(try Data(contentsOf: url)))
        let run = try ResultsJSON.decode(document)
        #expect(run.contractName == "Coffee Shop")
        #expect(run.cases.count == 4)
        #expect(run.count(.failed) == 1 && run.count(.error) == 1 && run.count(.skipped) == 1)
        #expect(run.cases[1].response?.body == [0xFF, 0x00, 0x41])
        #expect(run.cases[0].duration == .microseconds(12_500))
        #expect(run.seed == 7)
        #expect(run.skippedOperations.map(\.endpointID) == ["getReceipt"])
        #expect(run.skippedOperations.first?.location == "contracts/coffee-shop.yaml:88:5")
        #expect(ResultsJSON.encode(run) == document)
        #expect(try Self.schema().validate(document).isValid)
    }

    @Test("a results file written before findings carried their status, reproducer and steps still reads")
    func findingsWithoutStatus() throws {
        let url = Self.testsFolder.appendingPathComponent("Fixtures/results-v1.json")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            .replacingOccurrences(
                of:
                    "\"actual\": \"500\",\n          \"status\": 500,\n          \"curl\": null,\n          \"steps\": []",
                with: "\"actual\": \"500\"")
        #expect(
            !text.contains("\"actual\": \"500\",\n"),
            "the fixture no longer has the members this test removes")
        let run = try ResultsJSON.decode(try JSONParser.parse(Array(text.utf8)))
        let finding = try #require(run.cases.flatMap(\.findings).first)
        #expect(finding.status == nil && finding.curl == nil && finding.steps.isEmpty)
        #expect(finding.message == "status 500 is not declared")
    }

    @Test(
        "decoding errors name the member to fix",
        arguments: [
            (#"{"a": 1}"#, "not a Conform results file"),
            (#"{"conformResults": 2}"#, "format version 2 is not supported"),
            (#"{"conformResults": 1}"#, "missing contract"),
            (
                #"{"conformResults": 1, "contract": {"name": "x", "version": "1"}, "baseURL": "u", "startedAt": "2026-11-22T04:31:00", "toolVersion": "1", "cases": []}"#,
                "at startedAt"
            ),
            (
                #"{"conformResults": 1, "contract": {"name": "x", "version": "1"}, "baseURL": "u", "startedAt": "2026-11-22T04:31:00Z", "toolVersion": "1", "cases": [{"id": "a/b", "endpoint": "a", "name": "b", "method": "GET", "path": "/", "outcome": "maybe"}]}"#,
                "cases[0].outcome"
            ),
            (
                #"{"conformResults": 1, "contract": {"name": "x", "version": "1"}, "baseURL": "u", "startedAt": "2026-11-22T04:31:00Z", "toolVersion": "1", "cases": [{"id": "a/b", "endpoint": "a", "name": "b", "method": "GET", "path": "/", "outcome": "passed", "response": {"status": "200"}}]}"#,
                "cases[0].response.status"
            ),
        ])
    func decodingErrors(text: String, message: String) throws {
        let value = try JSONParser.parse(text)
        #expect {
            _ = try ResultsJSON.decode(value)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("timestamps parse with offsets and fractions")
    func timestamps() throws {
        let utc = try #require(Timestamp.parse("2026-11-22T04:31:00.125Z"))
        let offset = try #require(Timestamp.parse("2026-11-22T06:31:00.125+02:00"))
        #expect(utc == offset)
        #expect(Timestamp.iso8601(utc) == "2026-11-22T04:31:00.125Z")
        #expect(Timestamp.junit(utc) == "2026-11-22T04:31:00")
        #expect(Timestamp.parse("2026-11-22 04:31:00") == nil)
    }
}
