import ConformTestSupport
import Testing

@testable import JSONSchema

@Suite("JSON tape")
struct JSONTapeTests {
    static let seeds: [String] = [
        #"{"id": 7, "name": "Soup \u00e9\ud83d\ude00", "price": 12.50, "tags": ["hot", "veg"], "x": null}"#,
        #"[true, false, null, -0, 1E400, 1.0e-400, 0.1, -12345678901234567890123, "a\"b\\c\/d\b\f\n\r\t"]"#,
        "{\"é\": {\"日本\": [[], {}, [{}], \"\u{1F600}\"]}, \"k\": 123456789012345678}",
        "  \n[1, [2, [3, [4, {\"a\": {\"b\": [5]}}]]]]\t\r\n",
    ]

    /// Bytes a mutation inserts or writes: JSON punctuation and the bytes that break UTF-8.
    static let alphabet: [UInt8] =
        Array(#"{}[]":,\/0123456789-+.eEtrufalsn u"#.utf8) + [
            0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0xEF, 0xBB,
        ]

    @Test("the tape reads every seed document as the parser does")
    func seedsAgree() throws {
        for seed in Self.seeds {
            let bytes = Array(seed.utf8)
            expectTapeAgreesWithParser(bytes)
            #expect(
                try JSONTape.parse(bytes).value
                    == JSONParser.parseDocument(bytes, options: .init(recordsPositions: true)).value)
        }
    }

    @Test("accepts and rejects exactly what the parser does, on 20,000 mutated inputs")
    func mutationsAgree() {
        var random = SplitMix64(state: 18)
        for round in 0..<20_000 {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            for _ in 0..<(1 + random.below(3)) {
                let position = random.below(bytes.count + 1)
                let byte = Self.alphabet[random.below(Self.alphabet.count)]
                switch random.below(3) {
                case 0: bytes.insert(byte, at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                default: if position < bytes.count { bytes[position] = byte }
                }
            }
            expectTapeAgreesWithParser(bytes)
        }
    }

    @Test(
        "edge documents agree",
        arguments: [
            "", " ", "1", "-", "-0", "01", "1.", ".1", "1e", "1e+", "1E400", "[1,]", "[,1]", "{,}", "{\"a\"}",
            "{\"a\":}", "{\"a\":1,}", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
            "\"\\ud83d\\ude00\"",
            "\"\\u00G0\"", "\"\\x\"", "nul", "nulll", "truee", "[true false]", "{\"a\":1 \"b\":2}",
            "{\"a\":1,\"a\":2}", "{\"\\u0061\":1,\"a\":2}", "[\"\u{7F}\"]", "\"a\u{0}b\"",
        ])
    func edges(text: String) {
        expectTapeAgreesWithParser(Array(text.utf8))
    }

    @Test("nesting: at the limit accepted, past it rejected, deep input never crashes")
    func depth() {
        expectTapeAgreesWithParser(
            Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8))
        expectTapeAgreesWithParser(
            Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8))
        expectTapeAgreesWithParser(Array(String(repeating: "{\"a\":", count: 100_000).utf8))
    }

    @Test("a byte order mark follows the parser's option")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        expectTapeAgreesWithParser(bytes)
        let tape = try JSONTape.parse(bytes, options: .init(allowsByteOrderMark: true))
        #expect(tape.value == [1])
    }

    @Test("duplicates in a large object are found by hash; a parse keeps the last value and reports them")
    func duplicates() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let bytes = Array("{\(members), \"k7\": 70}".utf8)
        expectTapeAgreesWithParser(bytes)
        let tape = try JSONTape.parse(bytes)
        #expect(tape.value["k7"] == 70)
        #expect(tape.duplicateKeys.map(\.key) == ["k7"])
        expectTapeAgreesWithParser(Array("{\(members)}".utf8))
    }

    @Test("an invalid document throws the parser's error")
    func errors() {
        #expect(
            throws: JSONParseError(.trailingContent(found: "'x'"), at: .init(line: 1, column: 4, offset: 3))
        ) {
            try JSONTape.parse(Array("{} x".utf8))
        }
    }
}
