import Testing

@testable import JSONSchema

/// `ECMARegex.compile` skips ICU for the patterns `isPlainForICU` admits, so ICU must accept every
/// one of them that `RegexParser` reads, and every pattern ICU rejects must still be rejected.
@Suite("ECMARegex without ICU")
struct ECMARegexPlainTests {
    /// Where ECMA-262 (and `RegexParser`) and ICU part ways: each is invalid to ICU.
    static let rejectedByICU = [
        "a{", "a{1", "{", "a{,5}", "}", "d}", "x{1}{", "a{1,2", "\\0", "\\0a", "(?<_a>x)", "(?<1a>x)",
        "(?<>x)",
        "(?<a>x)(?<a>y)", "a{99999999999}", "[&&]", "[a&&]", "[--]", "[]*", "[]+a", "[]?x", "[: :]r",
        "x[:{c~&:]3",
        "[&-.7]", "[\\b- 7]",
    ]

    @Test("a pattern ICU rejects is still an invalid pattern", arguments: rejectedByICU)
    func stillRejected(pattern: String) {
        #expect(!ECMARegex.isCompilable(pattern))
        #expect(throws: (any Error).self) { try ECMARegex.compile(pattern) }
    }

    @Test("the patterns of real schemas skip ICU")
    func realPatternsArePlain() throws {
        for pattern in [
            "^\\S(.*\\S)?$", "^https://cdn\\.example\\.com/images/[^/]+$", "^[^\\u0000-\\u001F]+$",
            "^[a-z]{2,3}(-[a-z]+)?$", "^\\?max_id=[0-9]+&", "^[0-9]+$", "^[A-Za-z0-9_]{1,15}$",
        ] {
            #expect(ECMARegex.isPlainForICU(pattern), "\(pattern)")
            #expect(try ECMARegex.compile(pattern).matchesWithFoundation("x") != nil, "\(pattern)")
        }
    }

    @Test("ICU accepts every seeded pattern the own parser reads and the plain check admits")
    func seededPatterns() {
        let alphabet = Array(
            "[[]]{{}},,1209\\\\a:b-&~|^$.*+?(){}[]\\,0123456789dDwWsSbBnrtvfcxuk<>=!:/é ".unicodeScalars)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var checked = 0
        for _ in 0..<40_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state
            var pattern = ""
            for _ in 0...Int(state >> 60) {
                bits = bits &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                pattern.unicodeScalars.append(alphabet[Int(bits >> 40) % alphabet.count])
            }
            guard RegexParser.parse(pattern) != nil, ECMARegex.isPlainForICU(pattern) else { continue }
            checked += 1
            #expect(ECMARegex.isCompilable(pattern), "\(pattern.debugDescription)")
        }
        #expect(checked > 5_000)
    }
}
