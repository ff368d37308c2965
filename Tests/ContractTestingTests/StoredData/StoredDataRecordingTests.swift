import ContractTesting
import Foundation
import Testing

/// Recording the current version's snapshot works as snapshot testing does: the first run
/// writes a reviewable file and fails once, later runs compare, and only `CONFORM_RECORD=1`
/// writes it again.
@Suite("Stored data: recording")
struct StoredDataRecordingTests {
    struct Note: Codable, Equatable {
        var title: String
        var pinned: Bool
        var body: String?
    }

    @Test("the first run records pretty JSON with sorted keys and fails once; the next run passes")
    func recordsOnce() throws {
        let fixture = try SnapshotFixture()
        let stored = fixture.stored()
        withKnownIssue {
            stored.expectCompatible(Note.self, version: "v1", samples: [Note(title: "Milk", pinned: true)])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "\(fixture.shown("v1.json")): /: recorded, re-run: "
                + "this is Note's current encoding; review the file and commit it"
        }
        #expect(fixture.read("v1.json") == "{\n  \"pinned\": true,\n  \"title\": \"Milk\"\n}\n")
        let again = stored.expectCompatible(
            Note.self, version: "v1", samples: [Note(title: "Milk", pinned: true)])
        #expect(again.passed)
        #expect(again.files == ["\(fixture.directory.path)/v1.json"])
    }

    @Test("more samples of a version go to v1-2.json, v1-3.json")
    func severalSamples() throws {
        let fixture = try SnapshotFixture()
        let samples = [
            Note(title: "a", pinned: false), Note(title: "b", pinned: true, body: "x"),
            Note(title: "c", pinned: false),
        ]
        let report = fixture.stored().check(Note.self, version: "v1", samples: samples)
        #expect(report.issues(.recorded).count == 3)
        #expect(fixture.names == ["v1-2.json", "v1-3.json", "v1.json"])
        #expect(fixture.stored().check(Note.self, version: "v1", samples: samples).passed)
    }

    @Test("a changed format is a new version: the difference and the version to record it as")
    func formatChanged() throws {
        let fixture = try SnapshotFixture()
        try fixture.write("v2.json", #"{"pinned": false, "title": "Milk"}"#)
        let report = fixture.stored().check(
            Note.self, version: "v2", samples: [Note(title: "Milk", pinned: true)])
        #expect(report.issues.map(\.kind) == [.formatChanged], "\(report)")
        let text = try #require(report.issues.first?.description)
        #expect(
            text.hasPrefix(
                "\(fixture.shown("v2.json")): /pinned: the model no longer writes what v2 recorded (false, now true)"
            ))
        #expect(text.contains("record it with version: \"v3\" and keep this file"))
        #expect(
            fixture.read("v2.json") == #"{"pinned": false, "title": "Milk"}"#,
            "never rewritten without CONFORM_RECORD")
    }

    @Test("CONFORM_RECORD=1 re-records the current version and leaves older versions alone")
    func recordAgain() throws {
        let fixture = try SnapshotFixture()
        let old = #"{"pinned": false, "title": "Eggs"}"#
        try fixture.write("v1.json", old)
        try fixture.write("v2.json", #"{"pinned": false, "title": "Milk"}"#)
        try fixture.write("v2-2.json", #"{"pinned": false, "title": "Stale"}"#)
        let stored = fixture.stored(environment: [StoredData.recordVariable: "1"])
        let report = stored.check(Note.self, version: "v2", samples: [Note(title: "Milk", pinned: true)])
        #expect(report.issues.map(\.kind) == [.recorded], "\(report)")
        #expect(
            report.issues.first?.message.hasPrefix("re-recorded (CONFORM_RECORD=1), re-run without it")
                == true)
        #expect(fixture.read("v1.json") == old)
        #expect(fixture.read("v2.json")?.contains("\"pinned\": true") == true)
        #expect(fixture.names == ["v1.json", "v2.json"], "a sample no longer given is gone")
    }

    @Test("without samples, a value made up from the model's own init(from:) is recorded")
    func madeUpValue() throws {
        struct Reminder: Codable {
            enum Repeat: String, Codable, CaseIterable { case daily, weekly }
            var title: String
            var at: Date
            var repeats: Repeat
            var tags: [String]
            var snooze: Int?
        }
        let fixture = try SnapshotFixture()
        let report = fixture.stored().check(Reminder.self, version: "v1")
        #expect(report.issues.map(\.kind) == [.recorded], "\(report)")
        let recorded = try JSONParser.parse(try #require(fixture.read("v1.json")))
        #expect(recorded["title"] == "title")
        #expect(recorded["repeats"] == "daily")
        #expect(recorded["tags"] == ["text"])
        #expect(recorded["snooze"]?.intValue != nil, "optionals are present")
        #expect(recorded["at"]?.numberValue != nil)
    }

    @Test("a model no value can be made up for asks for samples")
    func cannotMakeUp() throws {
        struct Flagged: Codable {
            enum Flag: String, Codable { case red, green }
            var flag: Flag
        }
        let fixture = try SnapshotFixture()
        let report = fixture.stored().check(Flagged.self, version: "v1")
        let text = try #require(report.issues.first?.description)
        #expect(
            text.hasPrefix("\(fixture.shown("v1.json")): /: cannot record Flagged: no value could be made up")
        )
        #expect(text.contains("at /flag: Cannot initialize Flag from invalid String value flag"))
        #expect(text.hasSuffix("pass samples: with values of the current model"))
        #expect(fixture.names.isEmpty)
    }

    @Test("no snapshots and nothing to record never passes; a version must be a plain name")
    func nothingToCheck() throws {
        let fixture = try SnapshotFixture()
        let empty = fixture.stored().check(Note.self)
        #expect(empty.issues.map(\.kind) == [.cannotCheck])
        #expect(empty.issues.first?.message.hasPrefix("no snapshots (no .json file)") == true)
        let bad = fixture.stored().check(
            Note.self, version: "../v1", samples: [Note(title: "a", pinned: true)])
        #expect(
            bad.issues.first?.message
                == "version \"../v1\" cannot name a snapshot file: use a plain name such as v2")
        #expect(fixture.names.isEmpty)
    }

    @Test("with a version, later versions' snapshots are not read; versions sort naturally")
    func olderVersionsOnly() throws {
        let fixture = try SnapshotFixture()
        for name in ["v10.json", "v2.json", "v9.json"] {
            try fixture.write(name, #"{"pinned": true, "title": "x"}"#)
        }
        try fixture.write("v11.json", #"{"pinned": "yes", "title": "x"}"#)
        let report = fixture.stored().check(
            Note.self, version: "v10", samples: [Note(title: "x", pinned: true)])
        #expect(report.passed, "\(report)")
        #expect(
            report.files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "v2.json", "v9.json", "v10.json",
            ])
    }
}
