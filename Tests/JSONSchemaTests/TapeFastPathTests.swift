import ConformTestSupport
import Testing

@testable import JSONSchema

/// The word-at-a-time paths of the tape (issue #28) must read every input as the byte-by-byte
/// `JSONParser` does: escapes and multi-byte UTF-8 wherever they fall in a word, whitespace runs,
/// long numbers, duplicate keys past the pairwise check, and a tape larger than its first estimate.
@Suite("Tape fast paths")
struct TapeFastPathTests {
    /// String contents that end a plain run (escapes, multi-byte sequences, the closing quote)
    /// and broken ones, each placed after 0 to 17 plain bytes so it meets every offset in a word.
    static let insertions: [[UInt8]] = [
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\n"#.utf8),
        Array(#"\u00e9"#.utf8),
        Array(#"\ud83d\ude00"#.utf8), Array("é".utf8), Array("✓".utf8), Array("😀".utf8), Array("éé✓😀x".utf8),
        // Broken: a lone high surrogate, a bad escape, a raw control character.
        Array(#"\ud83d"#.utf8), Array(#"\x"#.utf8), [0x0A],
        // Broken UTF-8: truncated, a lone continuation, overlong, a surrogate, past U+10FFFF.
        [0xC3], [0xE2, 0x9C], [0xF0, 0x9F, 0x98], [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80],
        [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
    ]

    @Test("escapes and UTF-8 sequences at every offset of a word agree with the parser")
    func stringsAtEveryOffset() {
        for insertion in Self.insertions {
            for padding in 0..<18 {
                for tail in [0, 1, 7, 9] {
                    let text =
                        [UInt8](repeating: UInt8(ascii: "a"), count: padding) + insertion
                        + [UInt8](repeating: UInt8(ascii: "b"), count: tail)
                    expectTapeAgreesWithParser(Array("[\"".utf8) + text + Array("\",1]".utf8))
                    // As a key too, and unterminated at the very end of the input.
                    expectTapeAgreesWithParser(Array("{\"".utf8) + text + Array("\":1}".utf8))
                    expectTapeAgreesWithParser([UInt8(ascii: "\"")] + text)
                }
            }
        }
    }

    @Test("escaped text decodes to its characters, surrogate pairs to one scalar")
    func decodedText() throws {
        let tape = try JSONTape.parse(Array(#"["Crème \"brûlée\" \\ \u00e9\u2713\ud83d\ude00\n\/ok"]"#.utf8))
        #expect(tape.value == ["Crème \"brûlée\" \\ é✓😀\n/ok"])
    }

    @Test("whitespace runs of every length and kind agree with the parser")
    func whitespace() {
        for length in 0..<20 {
            let spaces = String(repeating: " ", count: length)
            for text in [
                "[\(spaces)1,\n\(spaces)2\t\(spaces)]",
                "{\(spaces)\"a\"\(spaces):\(spaces)[\(spaces)]\(spaces)}",
                "\r\n\(spaces)\t[\(spaces)\r\n\(spaces)]\(spaces)", "[1\(spaces)\u{0B}]",
                "[1\(spaces)\u{A0}]",
            ] {
                expectTapeAgreesWithParser(Array(text.utf8))
            }
        }
    }

    /// Literals with many digits, exponents and leading zeros in the fraction, each read by the
    /// scanner and `DecimalLiteral` and checked against the general (digit array) constructor.
    static let numbers = [
        "0", "-0", "7", "123456789012345678", "1234567890123456789", "-9223372036854775808",
        "12345678901234567890",
        "0.5", "-65.613616999999977", "43.420273000000009", "0.000000000000000001234",
        "0.1234567890123456789",
        "99999999999999999.9", "12345678.12345678", "1e18", "1E+2", "1.5E-7", "-2.5e-400", "4e400", "100e-2",
        "10.000000000000000000", "0.00", "123456789.123456789e-9",
    ]

    @Test("long numbers and exponents read exactly at every offset", arguments: numbers)
    func numbersRead(literal: String) throws {
        let expected = try #require(Self.reference(literal))
        // Near the end of the input (the general path) and with more than 48 bytes after it
        // (the scanner's word-at-a-time path for short literals).
        for (padding, tail) in (0..<9).flatMap({ padding in [(padding, ""), (padding, Self.longTail)] }) {
            let text = "[" + String(repeating: " ", count: padding) + literal + tail + "]"
            expectTapeAgreesWithParser(Array(text.utf8))
            let tape = try JSONTape.parse(Array(text.utf8))
            #expect(tape.value[0] == .number(expected), "\(literal) after \(padding)")
            let entry = tape.entries[1]
            let read = tape.bytes.withUnsafeBufferPointer {
                DecimalLiteral.read($0, Int(entry.offset), Int(entry.length))
            }
            // Up to 18 significant digits the literal reads; past them it defers to JSONNumber.
            #expect(read == DecimalLiteral(expected) || read == nil, "\(literal)")
            if Self.significantDigits(literal) <= DecimalLiteral.maximumDigits && !literal.contains("400") {
                #expect(read != nil, "\(literal)")
            }
        }
    }

    /// More than 48 bytes after a literal, so the scanner reads it from whole words.
    static let longTail = ", " + String(repeating: "0, ", count: 20) + "0"

    @Test("malformed numbers are rejected as the parser rejects them, near the end or not")
    func malformedNumbers() {
        let literals = [
            "01", "-01", "00.5", "1.", "1.e5", "-", "-.5", ".5", "1e", "1e+", "1E-", "0123456789012345",
            "1.5.5",
            "12345678901234567.5", "1.12345678901234567", "1e5e5", "--1", "1x", "0x10", "1,2",
        ]
        for literal in literals {
            expectTapeAgreesWithParser(Array("[\(literal)]".utf8))
            expectTapeAgreesWithParser(Array("[\(literal)\(Self.longTail)]".utf8))
            expectTapeAgreesWithParser(Array("{\"a\":\(literal)\(Self.longTail)}".utf8))
        }
    }

    /// The number through the general constructor: sign, all digits and the exponent by hand.
    static func reference(_ literal: String) -> JSONNumber? {
        var text = Substring(literal)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let written = Int(String(text[text.index(after: e)...].filter { $0 != "+" })) else {
                return nil
            }
            exponent = written
            text = text[..<e]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        return JSONNumber(
            negative: negative, digits: Array((parts[0] + fraction).utf8), exponent: exponent - fraction.count
        )
    }

    static func significantDigits(_ literal: String) -> Int {
        let mantissa = literal.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
        return mantissa.drop { $0 == "0" }.count
    }

    @Test("duplicate keys past 16 members and keys with equal signatures are told apart")
    func duplicateKeys() {
        let many = (0..<40).map { "\"key_\($0 < 10 ? "0" : "")\($0)\":\($0)" }
        expectTapeAgreesWithParser(Array("{\(many.joined(separator: ","))}".utf8))
        expectTapeAgreesWithParser(Array("{\(many.joined(separator: ",")),\"key_17\":0}".utf8))
        // Same length, first and last eight bytes: only the middle differs.
        let lookalikes = [
            "profile_AAAA_color", "profile_BBBB_color", "profile_link_color", "profile_text_color",
        ]
        for count in [4, 20] {
            let keys = (0..<count).map { "\"\(lookalikes[$0 % 4])\($0 / 4)\":1" }
            expectTapeAgreesWithParser(Array("{\(keys.joined(separator: ","))}".utf8))
            expectTapeAgreesWithParser(
                Array("{\(keys.joined(separator: ",")),\"profile_text_color0\":2}".utf8))
        }
        expectTapeAgreesWithParser(Array(#"{"a":1,"\u0061":2}"#.utf8))
        expectTapeAgreesWithParser(Array(#"{"aaaaaaaaa":1,"aaaaaaaab":2,"baaaaaaaa":3}"#.utf8))
    }

    @Test("a document with more values than the first estimate grows its tape")
    func growth() throws {
        let text = "[" + String(repeating: "1,", count: 100_000) + "1]"
        let tape = try JSONTape.parse(Array(text.utf8))
        #expect(tape.count == 100_002)
        #expect(tape.value == .array(Array(repeating: 1, count: 100_001)))
    }

    @Test("UTF-8 runs are judged as the standard library judges them")
    func utf8Validation() {
        let alphabet: [UInt8] = [
            0x61, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4,
        ]
        var random = SplitMix64(state: 28)
        for _ in 0..<20_000 {
            let bytes = (0..<(1 + random.below(12))).map { _ in alphabet[random.below(alphabet.count)] }
            let valid = bytes.withUnsafeBufferPointer { UTF8Sequence.validate($0, from: 0, to: $0.count) }
            #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
