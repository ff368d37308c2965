import Testing

@testable import JSONSchema

/// Conform's own regex engine must agree with ECMA-262 as the ICU translation implements it, on the
/// patterns contracts use, and leave what it does not support to ICU.
@Suite("Regex engine")
struct RegexEngineTests {
    static let patterns = [
        #"^[A-Za-z0-9_.-]+\.(png|jpg|jpeg)$"#, #"^\d{4}-\d{2}-\d{2}$"#, #"^[a-z]+$"#, "a+?b", "colou?r",
        #"^\w+@\w+\.\w{2,3}$"#, #"\bcat\b"#, #"\Bat"#, "^(?!admin)[a-z]+$", "^(?=.*[0-9])[a-z0-9]{3,}$",
        #"^[^\s]+$"#, "(ab|a)(bc|c)?$", "^(ab)*$", "x{2,}", "^[é-ü]+$", #"^\u00e9"#, "^.+$", "^$", "a|^b|c$",
        "[]", "[^]", "^(?:a|b)*?c", #"^[\d-]+$"#, #"\s"#, "^[+]?[0-9]{1,3}$",
    ]

    static let alphabet = Array("abcxyz019 -_.@éü\nZ".unicodeScalars)

    @Test("agrees with NSRegularExpression on seeded inputs", arguments: patterns)
    func agreement(pattern: String) throws {
        let regex = try ECMARegex.compile(pattern)
        #expect(regex.program != nil, "the engine should handle \(pattern) itself")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59)
            var text = ""
            var bits = state
            for _ in 0..<length {
                bits = bits &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                text.unicodeScalars.append(Self.alphabet[Int(bits >> 58) % Self.alphabet.count])
            }
            #expect(
                regex.matches(text) == regex.matchesWithFoundation(text),
                "\(pattern) on \(text.debugDescription)")
        }
        for text in ["photo.png", "2024-01-31", "cat", "a cat sat", "colour", "abab", "xxx", "+12", "é", ""] {
            #expect(
                regex.matches(text) == regex.matchesWithFoundation(text),
                "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test(
        "constructs the engine leaves to ICU still match",
        arguments: [
            (#"^(a)\1$"#, "aa", true), ("(?<=a)b", "ab", true), (#"^\p{L}+$"#, "héllo", true),
        ])
    func fallback(pattern: String, text: String, expected: Bool) throws {
        let regex = try ECMARegex.compile(pattern)
        #expect(regex.program == nil)
        #expect(regex.matches(text) == expected)
    }

    @Test("a long input past the engine's depth budget is answered by ICU, not a crash")
    func longInput() throws {
        let regex = try ECMARegex.compile("^(ab)*$")
        #expect(regex.matches(String(repeating: "ab", count: 5_000)))
        #expect(!regex.matches(String(repeating: "ab", count: 5_000) + "a"))
        let simple = try ECMARegex.compile("^[a-z]+$")
        #expect(simple.matches(String(repeating: "q", count: 1_000_000)))
    }
}
