import Testing

@testable import JSONSchema

/// The linear-time automaton must answer every search as the backtracking matcher does.
@Suite("Regex automaton")
struct RegexAutomatonTests {
    static let patterns =
        RegexEngineTests.patterns + [
            #"^https?://[^/]+/images/[^/]+$"#, "^(a|ab)(c|bcd)(d*)$", "(a*)*b", "^(a?){3}a{3}$", "a{2,4}?$",
            "^[^a-c]{0,3}x", "(|a)+$", "^é.ü$", "^(?:[a-z0-9]+(?:-[a-z0-9]+)*\\.)+[a-z]{2,}$",
        ]

    @Test("agrees with the backtracking matcher on seeded inputs", arguments: patterns)
    func agreement(pattern: String) throws {
        let regex = try ECMARegex.compile(pattern)
        guard let program = regex.program, let automaton = RegexAutomaton(program) else {
            // Lookahead and word boundaries stay with the backtracking matcher.
            #expect(
                pattern.contains("(?") || pattern.contains("\\b") || pattern.contains("\\B"), "\(pattern)")
            return
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let alphabet = Array("abcdxé/ü.-:hpst019".unicodeScalars)
        var texts = [
            "https://cdn.example/images/a.png", "http://x/images/", "http://x/images/a/b", "aaabcd", "",
        ]
        for _ in 0..<300 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            var bits = state
            for _ in 0..<Int(state >> 60) {
                bits = bits &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                text.unicodeScalars.append(alphabet[Int(bits >> 58) % alphabet.count])
            }
            texts.append(text)
        }
        for var text in texts {
            let fast = text.withUTF8 { automaton.search($0) }
            let slow = text.withUTF8 { RegexMatcher.search(program, in: $0) }
            #expect(slow == nil || fast == slow, "\(pattern) on \(text.debugDescription)")
            #expect(fast == regex.matchesWithFoundation(text), "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test("a pattern too large once unrolled is left to the backtracking matcher")
    func tooLarge() throws {
        let regex = try ECMARegex.compile("^(abcdefgh){1,1000}$")
        #expect(regex.program != nil)
        #expect(regex.automaton == nil)
        #expect(regex.matches("abcdefgh"))
    }
}
