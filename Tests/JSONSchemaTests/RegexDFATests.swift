import Testing

@testable import JSONSchema

/// The lazily built DFA must answer every search as the Pike VM does, ASCII or not, and leave to it
/// what it cannot answer (too many states, too many non-ASCII classes).
@Suite("Regex DFA")
struct RegexDFATests {
    static let patterns =
        RegexAutomatonTests.patterns + [
            "^/images/[^/]+$", "/images/[^/]+$", "x$", "^$", "^a|b$", "(^a|b)c", "a(b|$)", "[a-c]+x[0-9]{2}",
            "^(a|b)*a(a|b){3}$", "\\d+\\.\\d+", "^\\s*\\S", "^.{3,5}$",
            // Non-ASCII classes: one (`[^/]`), a few (`.`), many (`\s`, ranges around é and ✓).
            "^\\S(.*\\S)?$", "^[^\\u0000-\\u001F]+$", "[é-ü]+", "^[a-zé✓]*$", "\\s", ".é.", "[^a]✓",
            "^[^é]*$", "😀$", "^.{2}✓",
        ]

    /// Seeded texts over ASCII and non-ASCII scalars of every UTF-8 length, line and space
    /// separators among them.
    static func texts(seed: UInt64) -> [String] {
        var state = seed
        let alphabet = Array("abcdx/.-:hpst019 images_éü✓😀\u{A0}\u{2028}ß".unicodeScalars)
        var texts = [
            "https://cdn.example/images/a.png", "http://x/images/", "http://x/images/a/b", "aaabcd", "", "x",
            "ab",
            "/images/é.png", "bc", "ac",
        ]
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = ""
            var bits = state
            for _ in 0..<Int(state >> 59) {
                bits = bits &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                text.unicodeScalars.append(alphabet[Int(bits >> 58) % alphabet.count])
            }
            texts.append(text)
        }
        return texts
    }

    @Test("agrees with the Pike VM and ICU on seeded inputs", arguments: patterns)
    func agreement(pattern: String) throws {
        let regex = try ECMARegex.compile(pattern)
        guard let program = regex.program, let automaton = RegexAutomaton(program) else { return }
        // Twice over the same texts: the second pass reads transitions the first one built.
        for _ in 0..<2 {
            for var text in Self.texts(seed: 0x9E37_79B9_7F4A_7C15) {
                let dfa = text.withUTF8 { automaton.search($0) }
                let vm = text.withUTF8 { automaton.searchWithVM($0) }
                #expect(dfa == vm, "\(pattern) on \(text.debugDescription)")
                #expect(dfa == regex.matchesWithFoundation(text), "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test("the DFA answers ASCII and non-ASCII input itself")
    func answersText() throws {
        let automaton = try #require(ECMARegex.compile(#"^https?://[^/]+/images/[^/]+$"#).automaton)
        let dfa = try #require(automaton.dfa)
        var ascii = "https://cdn.example/images/a.png"
        var other = "https://cdn.example/images/é✓😀.png"
        var rejected = "https://cdn.example/images/é/✓.png"
        #expect(ascii.withUTF8 { dfa.search($0) } == true)
        #expect(other.withUTF8 { dfa.search($0) } == true)
        #expect(rejected.withUTF8 { dfa.search($0) } == false)
    }

    @Test("a pattern that tells more non-ASCII ranges apart than the classes hold leaves them to the VM")
    func classBound() throws {
        // 70 separate non-ASCII scalars: 140 class bounds, past `ScalarClasses.maximum`.
        let scalars = (0..<70).compactMap { Unicode.Scalar(UInt32(0x100 + 2 * $0)).map(String.init) }.joined()
        let regex = try ECMARegex.compile("^[\(scalars)]+$")
        let automaton = try #require(regex.automaton)
        let dfa = try #require(automaton.dfa)
        var inside = "ĀĂĄ"
        var outside = "ā"
        var ascii = "abc"
        #expect(inside.withUTF8 { dfa.search($0) } == nil)
        #expect(inside.withUTF8 { automaton.search($0) } == true)
        #expect(outside.withUTF8 { automaton.search($0) } == false)
        #expect(ascii.withUTF8 { dfa.search($0) } == false)
    }

    @Test("a pattern that needs more states than the bound falls back to the Pike VM")
    func stateBound() throws {
        // The n-th symbol from the end is `a`: 2^13 DFA states, far past the bound.
        let regex = try ECMARegex.compile("a[ab]{12}$")
        let automaton = try #require(regex.automaton)
        var state: UInt64 = 7
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(state >> 63 == 0 ? "a" : "b")
            }
            let dfa = text.withUTF8 { automaton.search($0) }
            let vm = text.withUTF8 { automaton.searchWithVM($0) }
            #expect(dfa == vm, "\(text)")
        }
    }

    @Test(
        "once searches stop building states, the lock-free copy answers as the VM does",
        arguments: ["^\\S(.*\\S)?$", "^[^\\u0000-\\u001F]+$", "^https?://[^/]+/images/[^/]+$", "\\s", "x$"])
    func snapshot(pattern: String) throws {
        let automaton = try #require(ECMARegex.compile(pattern).automaton)
        let dfa = try #require(automaton.dfa)
        let texts = Self.texts(seed: 0x5DEE_CE66)
        for var text in texts { _ = text.withUTF8 { dfa.search($0) } }
        // The first pass built what these texts need; as many searches again build nothing.
        for var text in texts.prefix(RegexDFA.quietSearches) { _ = text.withUTF8 { dfa.search($0) } }
        #expect(dfa.isPublished)
        for var text in texts + Self.texts(seed: 11) {
            let found = text.withUTF8 { automaton.search($0) }
            #expect(
                found == text.withUTF8 { automaton.searchWithVM($0) },
                "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test("concurrent searches of one pattern agree with the Pike VM")
    func concurrentSearches() async throws {
        let regex = try ECMARegex.compile(#"^https?://[^/]+/images/[^/]+$"#)
        let texts = Self.texts(seed: 42) + ["https://a.b/images/c.png", "https://a.b/images/c/d"]
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for part in 0..<4 {
                group.addTask {
                    var count = 0
                    for (index, text) in texts.enumerated() where index % 4 == part {
                        if regex.matches(text) != regex.matchesWithFoundation(text) { count += 1 }
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
