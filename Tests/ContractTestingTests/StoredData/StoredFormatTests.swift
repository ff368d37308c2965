import ContractTesting
import Foundation
import Testing

/// The format each version stored, inferred from its snapshots, and the fuzzing that checks the
/// current model loads every value that format allows, not only the few the snapshots hold.
@Suite("Stored data: inferred formats and fuzzing")
struct StoredFormatTests {
    struct Task: Codable {
        enum State: String, Codable, CaseIterable { case todo, doing, done }
        var title: String
        var state: State
        var estimate: Int?
        var tags: [String]
        var links: [String: URL]
    }

    @Test("types, keys present in every snapshot, enum values seen, nulls and dictionaries")
    func inferred() throws {
        let fixture = try SnapshotFixture()
        try fixture.write(
            "v1.json", #"{"title": "a", "state": "todo", "estimate": 3, "tags": [], "links": {}}"#)
        try fixture.write(
            "v1-2.json",
            #"{"title": "b", "state": "done", "estimate": null, "tags": ["x"], "links": {"docs": "https://x.example"}}"#
        )
        try fixture.write("v2.json", #"{"title": "c", "state": "doing", "tags": [], "links": {}}"#)
        let formats = fixture.stored().inferredFormats(of: Task.self)
        #expect(formats.map(\.version) == ["v1", "v2"])
        #expect(formats.first?.files.count == 2)
        let v1 = try #require(formats.first?.schema)
        #expect(v1["required"] == ["title", "state", "estimate", "tags", "links"])
        #expect(v1["properties"]?["state"] == ["enum": ["done", "todo"]])
        #expect(v1["properties"]?["estimate"] == ["type": ["null", "integer"]])
        #expect(v1["properties"]?["tags"] == ["type": "array", "items": ["type": "string"]])
        #expect(v1["properties"]?["links"]?["additionalProperties"] == ["type": "string", "format": "uri"])
        #expect(v1["additionalProperties"] == false)
        let v2 = try #require(formats.last?.schema)
        #expect(v2["required"] == ["title", "state", "tags", "links"])
        #expect(v2["properties"]?["tags"] == ["type": "array", "maxItems": 0], "no item ever seen")
    }

    @Test("date strings keep the layout seen; without a model's help, case-like strings are an enum")
    func datesAndCases() throws {
        /// A model the probe learns nothing from: its init(from:) reads nothing.
        struct Opaque: Codable {
            init(from decoder: any Decoder) throws { throw CancellationError() }
            func encode(to encoder: any Encoder) throws {}
        }
        struct Plain: Codable {
            var at: String
            var kind: String
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"at": "2024-05-01T10:00:00Z", "kind": "inProgress"}"#)
        let schema = try #require(fixture.stored().inferredFormats(of: Opaque.self).first?.schema)
        #expect(schema["properties"]?["kind"] == ["enum": ["inProgress"]])
        #expect(schema["properties"]?["at"]?["format"] == "date-time")
        #expect(
            schema["properties"]?["at"]?["pattern"]
                == "^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)$")
        let free = try #require(fixture.stored().inferredFormats(of: Plain.self).first?.schema)
        #expect(free["properties"]?["kind"] == ["type": "string"], "the model reads a String there")
    }

    /// A new version that rejects an empty title, which no snapshot has but the old model stored.
    struct StrictTask: Codable {
        var title: String
        var state: Task.State

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            state = try container.decode(Task.State.self, forKey: .state)
            guard !title.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .title, in: container, debugDescription: "a title is required")
            }
        }

        private enum CodingKeys: String, CodingKey { case title, state }
    }

    @Test("the fuzzer finds a value the old format allows that the new model cannot load")
    func fuzzFindsStricterModel() throws {
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"title": "Write docs", "state": "todo"}"#)
        let stored = fixture.stored()
        #expect(stored.check(StrictTask.self).passed, "the snapshot itself loads")
        let report = stored.fuzz(StrictTask.self, cases: 40)
        let finding = try #require(report.failures.first, "\(report)")
        #expect(finding.kind == .stricter)
        #expect(finding.pointer == JSONPointer("/title"))
        #expect(
            finding.message.hasPrefix(
                "StoredFormatTests.StrictTask cannot load every value v1 could store: the v1 format inferred from "
            ), "a nested type is named as code names it")
        #expect(
            finding.reproduction.hasSuffix(
                ".reproduce(StoredFormatTests.StrictTask.self, .schema(\"v1\"), "
                    + "caseIndex: \(finding.caseIndex))"))
        #expect(report.findings.allSatisfy { $0.kind != .looser })
        let replay = stored.fuzzer(for: StrictTask.self, cases: 40).reproduce(
            StrictTask.self, .schema("v1"), caseIndex: finding.caseIndex)
        #expect(replay.findings.first?.kind == .stricter)
    }

    @Test("fuzzing a compatible model passes; an empty folder is the report's problem")
    func fuzzPasses() throws {
        let fixture = try SnapshotFixture()
        #expect(fixture.stored().fuzz(Task.self).problem?.hasPrefix("no snapshots in ") == true)
        try fixture.write(
            "v1.json", #"{"title": "a", "state": "todo", "tags": ["x"], "links": {"a": "https://a.example"}}"#
        )
        let report = fixture.stored().fuzz(Task.self, cases: 40)
        #expect(report.passed, "\(report)")
        #expect(report.casesRun >= 40)
    }
}
