import ContractTesting
import Foundation
import Testing

/// A snapshot that loads may still lose data when the app saves it again; each loss says what
/// was lost, and what is only spelled differently is not a loss.
@Suite("Stored data: losses on the round trip")
struct StoredDataLossTests {
    /// A list that drops the items it cannot read, as lossy decoding wrappers do.
    struct Inbox: Codable {
        struct Message: Codable {
            var id: Int
            var read: Bool
        }
        var messages: [Message]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var list = try container.nestedUnkeyedContainer(forKey: .messages)
            var kept: [Message] = []
            while !list.isAtEnd {
                if let message = try? list.decode(Message.self) {
                    kept.append(message)
                } else {
                    _ = try? list.decode(JSONSkip.self)
                }
            }
            messages = kept
        }

        private enum CodingKeys: String, CodingKey { case messages }
    }

    /// Consumes one value of any kind.
    struct JSONSkip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    @Test("items dropped by lossy decoding: how many")
    func droppedItems() throws {
        let fixture = try SnapshotFixture()
        try fixture.write(
            "v1.json", #"{"messages": [{"id": 1, "read": true}, {"id": 2}, {"id": 3, "read": false}]}"#)
        #expect(
            fixture.issues(Inbox.self) == [
                "\(fixture.shown("v1.json")): /messages: lost on the round trip: 3 items are written back as 2 "
                    + "(the model drops items it cannot read)"
            ])
    }

    @Test("the same loss in every item of a list is one issue that counts the others")
    func collapsed() throws {
        struct Inbox: Codable { var messages: [Message]; struct Message: Codable { var id: Int } }
        let fixture = try SnapshotFixture()
        try fixture.write(
            "v1.json", #"{"messages": [{"id": 1, "flag": 1}, {"id": 2, "flag": 2}, {"id": 3, "flag": 3}]}"#)
        #expect(
            fixture.issues(Inbox.self) == [
                "\(fixture.shown("v1.json")): /messages/0/flag: lost on the round trip: the model loads this key but does "
                    + "not write it back (it held 1); the same at 2 more places like it"
            ])
    }

    @Test("not losses: a date written with other text, null written as absent, a number as its string")
    func notLosses() throws {
        struct Entry: Codable {
            var at: Date
            var note: String?
            var amount: Double
            var count: Int

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                at = try container.decode(Date.self, forKey: .at)
                note = try container.decodeIfPresent(String.self, forKey: .note)
                amount = try container.decode(Double.self, forKey: .amount)
                count = Int(try container.decode(String.self, forKey: .count)) ?? 0
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(at, forKey: .at)
                try container.encodeIfPresent(note, forKey: .note)
                try container.encode(amount, forKey: .amount)
                try container.encode(count, forKey: .count)
            }

            private enum CodingKeys: String, CodingKey { case at, note, amount, count }
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            // Reads dates with and without fractional seconds; the encoder writes them without.
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.date(from: text) ?? Date.distantPast
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let fixture = try SnapshotFixture()
        try fixture.write(
            "v1.json", #"{"at": "2024-05-01T10:00:00.000Z", "note": null, "amount": 2.50, "count": "7"}"#)
        let report = fixture.stored(decoder: decoder, encoder: encoder).check(Entry.self)
        #expect(report.passed, "\(report.description)")
    }

    @Test("a value changed on the way back; a value moved to the key the model now reads is kept")
    func changed() throws {
        struct Settings: Codable {
            var volume: Int
            var name: String

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                volume = min(try container.decode(Int.self, forKey: .volume), 10)
                name =
                    try container.decodeIfPresent(String.self, forKey: .name)
                    ?? container.decode(String.self, forKey: .title)
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(volume, forKey: .volume)
                try container.encode(name, forKey: .name)
            }

            private enum CodingKeys: String, CodingKey { case volume, name, title }
        }
        let fixture = try SnapshotFixture()
        try fixture.write("v1.json", #"{"volume": 11, "title": "Home"}"#)
        #expect(
            fixture.issues(Settings.self) == [
                "\(fixture.shown("v1.json")): /volume: lost on the round trip: 11 is written back as 10"
            ])
    }
}
