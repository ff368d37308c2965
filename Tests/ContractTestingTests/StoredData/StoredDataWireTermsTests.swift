import ContractTesting
import Foundation
import Testing

/// A snapshot that no longer loads is named in the file's own terms: the pointer with the
/// file's keys (whatever the model's CodingKeys and key strategy), what the file holds there,
/// and what the model expects, in the words of the app's decoder strategies.
@Suite("Stored data: messages in wire terms")
struct StoredDataWireTermsTests {
    struct Todo: Codable {
        var id: Int
        var title: String
    }

    @Test("a top-level array: the pointer starts at the index")
    func topLevelArray() throws {
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"[{"id": 1, "title": "a"}, {"id": "2", "title": "b"}]"#)
        #expect(
            fixture.issues([Todo].self) == [
                "\(fixture.shown("v1.json")): /1/id: expected a number, found a string (\"2\")"
            ])
    }

    @Test("custom CodingKeys: the file's key, not the property's name")
    func customCodingKeys() throws {
        struct Task: Codable {
            var dueDate: Date
            enum CodingKeys: String, CodingKey { case dueDate = "due" }
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"due": "tomorrow"}"#)
        #expect(
            fixture.issues(Task.self) == [
                "\(fixture.shown("v1.json")): /due: expected a number (the model decodes `Date` as seconds since 2001), found a string (\"tomorrow\")"
            ])
    }

    @Test("convertFromSnakeCase: the missing key and the path as the file spells them")
    func snakeCase() throws {
        struct List: Codable {
            struct Item: Codable {
                var dueDate: Date?
                var isDone: Bool
            }
            var todoItems: [Item]
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"todo_items": [{"is_done": true}, {"due_date": 3}]}"#)
        #expect(
            fixture.issues(List.self, decoder: decoder) == [
                "\(fixture.shown("v1.json")): /todo_items/1/is_done: the key \"is_done\" is missing, and the model requires it "
                    + "(make the property optional, or give it a default in init(from:))"
            ])
    }

    @Test("a key the key strategy can never produce: homeURL is written home_url, read back as homeUrl")
    func unreachableKey() throws {
        struct Links: Codable { var homeURL: URL }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"home_url": "https://a.example"}"#)
        #expect(
            fixture.issues(Links.self, decoder: decoder) == [
                "\(fixture.shown("v1.json")): /home_url: the model reads the key \"homeURL\", which the decoder's key "
                    + "strategy never produces: it reads the file's \"home_url\" as \"homeUrl\" (name it \"homeUrl\" in CodingKeys)"
            ])
    }

    @Test("a key strategy dropped: the file's old spelling of the missing key comes first")
    func keyStrategyDropped() throws {
        struct Profile: Codable {
            var displayName: String
            var age: Int
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"age": 3, "avatar_id": 1, "display_name": "Ana"}"#)
        let issue = try #require(fixture.issues(Profile.self).first)
        #expect(
            issue.hasSuffix(
                "the object has \"display_name\", \"avatar_id\", which the model no longer reads (renamed? read the old key too)"
            ), "\(issue)")
    }

    @Test("an ISO 8601 date the decoder cannot read is named, though the decoder stops at its object")
    func isoDate() throws {
        struct Event: Codable {
            var name: String
            var startsAt: Date
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"name": "launch", "startsAt": "May 1, 2024"}"#)
        #expect(
            fixture.issues(Event.self, decoder: decoder) == [
                "\(fixture.shown("v1.json")): /startsAt: expected an ISO 8601 date-time string (the model decodes `Date` "
                    + "as an ISO 8601 string such as 2024-05-01T10:00:00Z), found a string (\"May 1, 2024\")"
            ])
    }

    @Test("Data and URL: what the strategy expects")
    func dataAndURL() throws {
        struct Profile: Codable {
            var avatar: Data
            var homePage: URL?
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"avatar": "not base64!"}"#)
        try fixture.write("v2.json", #"{"avatar": "Y2F0", "homePage": ""}"#)
        let bytes = JSONDecoder()
        bytes.dataDecodingStrategy = .deferredToData
        #expect(
            fixture.issues(Profile.self) == [
                "\(fixture.shown("v1.json")): /avatar: expected a base64 string (the model decodes `Data` as base64 text), "
                    + "found a string (\"not base64!\")",
                "\(fixture.shown("v2.json")): /homePage: expected a valid URL (the model decodes `URL`), found a string (\"\")",
            ])
        #expect(
            fixture.issues(Profile.self, decoder: bytes).first
                == "\(fixture.shown("v1.json")): /avatar: expected an array of bytes (the model decodes `Data` as an array of bytes), "
                + "found a string (\"not base64!\")")
    }

    @Test("dictionaries keyed by strings and by an enum: the key in the file")
    func dictionaries() throws {
        enum Kind: String, Codable, CodingKeyRepresentable { case today, someday }
        struct Board: Codable {
            var counts: [String: Int]
            var lists: [Kind: [String]]
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"counts": {"a_b": 1, "c": "two"}, "lists": {"today": []}}"#)
        try fixture.write("v2.json", #"{"counts": {}, "lists": {"later": ["x"]}}"#)
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let issues = fixture.issues(Board.self, decoder: snake)
        #expect(
            issues.first
                == "\(fixture.shown("v1.json")): /counts/c: expected a number, found a string (\"two\")")
        #expect(issues.count == 2)
        #expect(
            issues.last
                == "\(fixture.shown("v2.json")): /lists/later: \"later\" is not a case of `Kind` (renamed or removed?); "
                + "data already stored keeps the old value, so keep decoding it")
    }

    @Test("a number too large for the model's integer type, and a file that is not JSON")
    func numbersAndBadFiles() throws {
        struct Counter: Codable {
            var count: Int8
            var total: Int
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"count": 300, "total": 1}"#)
        try fixture.write("v2.json", #"{"count": 1, "total": 2.5}"#)
        try fixture.write("v3.json", #"{"count": 1"#)
        let issues = fixture.issues(Counter.self)
        #expect(issues.count == 3)
        #expect(
            issues.first
                == "\(fixture.shown("v1.json")): /count: expected a number that fits `Int8`, found the number 300"
        )
        #expect(
            issues.dropFirst().first
                == "\(fixture.shown("v2.json")): /total: expected a whole number (the model decodes `Int`), found the number 2.5"
        )
        #expect(issues.last?.hasPrefix("\(fixture.shown("v3.json")): /: not JSON: 1:") == true, "\(issues)")
    }

    @Test("null for a property that is not optional")
    func null() throws {
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"id": 1, "title": null}"#)
        #expect(
            fixture.issues(Todo.self) == [
                "\(fixture.shown("v1.json")): /title: expected a string, found null (the property is not optional)"
            ])
    }
}
