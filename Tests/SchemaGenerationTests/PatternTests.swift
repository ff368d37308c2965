import JSONSchema
import Testing

@testable import SchemaGeneration

@Suite("Regex subset")
struct PatternTests {
    @Test(
        "generated strings match their pattern",
        arguments: [
            "^[a-z0-9_-]+$", "^\\d{3}-\\d{2,4}$", "^[A-Z][a-z]*( [A-Z][a-z]*)?$", "^(cat|dog|bird)s?$",
            "^\\w+@\\w+\\.(com|org)$", "^.{2,5}$", "[^aeiou]{3}", "^\\s*\\S+\\s*$", "^(?:ab|cd){2}$",
            "^v\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?$", "^\\u0041+$", "^[\\d.]+$", "^a{2,}b*?$",
        ])
    func generate(pattern: String) throws {
        let regex = try RegexSubset(pattern)
        var rng = SeededRandom(seed: 11)
        for _ in 0..<30 {
            let text = regex.generate(using: &rng, extra: 3)
            #expect(PatternMatcher.matches(text, pattern: pattern) == true, "\(text) !~ \(pattern)")
        }
    }

    @Test(
        "constructs outside the subset are refused",
        arguments: ["(?=a)", "\\bword", "(a)\\1", "\\p{L}+", "a**"])
    func unsupported(pattern: String) {
        #expect(throws: RegexSubset.Unsupported.self) { try RegexSubset(pattern) }
    }

    @Test("patterns outside the subset fall back to verified candidates")
    func fallback() throws {
        let schema: JSONValue = ["type": "string", "pattern": "^\\p{Lu}\\p{Ll}+$"]
        var rng = SeededRandom(seed: 2)
        let value = try InstanceGenerator(document: schema).instance(for: schema, using: &rng)
        #expect(PatternMatcher.matches(value.stringValue ?? "", pattern: "^\\p{Lu}\\p{Ll}+$") == true)
    }
}
