import Testing

@testable import JSONSchema

@Suite("Duplicate object keys")
struct DuplicateKeyTests {
    @Test("the last value wins, in the first member's place")
    func lastValueWins() throws {
        let value = try JSONParser.parse(#"{"id": 1, "name": "a", "id": 2}"#)
        #expect(value == ["id": 2, "name": "a"])
        #expect(value.objectValue?.keys == ["id", "name"])
    }

    @Test("each duplicate is reported with its pointer and both positions")
    func reported() throws {
        let text =
            "{\"items\": [\n  {\"id\": 1},\n  {\"id\": 2,\n   \"x\": {\"é\": 1, \"é\": 2},\n   \"id\": 3}\n]}"
        let document = try JSONParser.parseDocument(Array(text.utf8))
        #expect(document.duplicateKeys.count == 2)
        let inner = try #require(document.duplicateKeys.first)
        #expect(inner.key == "é")
        #expect(inner.pointer.description == "/items/1/x/é")
        #expect(inner.first == SourcePosition(line: 4, column: 10, offset: inner.first.offset))
        #expect(inner.again == SourcePosition(line: 4, column: 18, offset: inner.again.offset))
        let outer = document.duplicateKeys[1]
        #expect(outer.pointer.description == "/items/1/id")
        #expect("\(outer.first)" == "3:4")
        #expect("\(outer.again)" == "5:4")
        #expect(document.value["items"]?[1]?["id"] == 3)
        #expect(outer.description.contains("the last value is kept"))
    }

    @Test("duplicates inside nested arrays name the right element")
    func nestedArrays() throws {
        let document = try JSONParser.parseDocument(Array(#"[[0, [1, 2, {"a": 1, "a": 1}]], 5]"#.utf8))
        #expect(document.duplicateKeys.map(\.pointer.description) == ["/0/1/2/a"])
    }

    @Test("large objects (past the linear scan) find duplicates too")
    func largeObject() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let document = try JSONParser.parseDocument(Array("{\(members), \"k7\": 70, \"k39\": 1}".utf8))
        #expect(document.duplicateKeys.map(\.key) == ["k7", "k39"])
        #expect(document.value["k7"] == 70)
        #expect(document.value.objectValue?.count == 40)
    }

    @Test("keys compare by bytes: canonically equivalent spellings are different keys")
    func canonicalEquivalence() throws {
        // "é" precomposed and as e + combining acute accent.
        let document = try JSONParser.parseDocument(Array("{\"\u{E9}\": 1, \"e\u{301}\": 2}".utf8))
        #expect(document.duplicateKeys.isEmpty)
        #expect(document.value.objectValue?.count == 2)
    }

    @Test("strict mode rejects a duplicate with both positions")
    func strict() {
        do {
            _ = try JSONParser.parse(
                "{\"id\": 1,\n \"id\": 2}", options: .init(rejectsDuplicateKeys: true))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "2:2: duplicate key \"id\" in object (first defined at 1:2)")
        }
    }

    @Test("the document reader keeps strict mode for contracts")
    func documentReaderStrict() {
        do {
            _ = try DocumentReader.parseDocument(
                Array("{\"a\": 1,\n\"a\": 2}".utf8), file: "c.json",
                options: .init(recordsPositions: true, rejectsDuplicateKeys: true))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "c.json:2:1: not valid JSON: duplicate key \"a\" in object (first defined at 1:2)")
        }
    }
}
