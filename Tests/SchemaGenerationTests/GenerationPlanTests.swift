import JSONSchema
import Testing

@testable import SchemaGeneration

/// The per-location plans, the format-aware pattern alphabet and the constructive fast path must
/// change only what generation costs: every value stays valid, and the same seed still gives the
/// same value whether the plans are cold or cached.
@Suite("Generation plans")
struct GenerationPlanTests {
    static let uriSchema: JSONValue = [
        "type": "string", "format": "uri", "pattern": "^https?://[^/]+/images/[^/]+$",
    ]

    @Test("a uri pattern's open classes draw only what a URI accepts, so the first draw fits")
    func formatAlphabet() throws {
        let regex = try #require(PatternPlans.regex("^https?://[^/]+/images/[^/]+$", format: "uri"))
        let formats = try Schema(["format": "uri"], options: SchemaOptions(assertsFormats: true))
        var random = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let text = regex.generate(using: &random, extra: 3)
            #expect(formats.isValid(.string(text)), "\(text)")
            #expect(PatternMatcher.matches(text, pattern: "^https?://[^/]+/images/[^/]+$") == true)
        }
    }

    @Test("without a format, negated classes still draw from printable ASCII")
    func printableByDefault() throws {
        let regex = try RegexSubset("[^a]")
        guard case .sequence(let nodes) = regex.root, case .scalars(let ranges)? = nodes.first else {
            Issue.record("unexpected shape \(regex.root)")
            return
        }
        let count = ranges.reduce(0) { $0 + $1.count }
        #expect(count == 0x7E - 0x20)
    }

    @Test(
        "the quick URL test only accepts what the validator's uri format accepts",
        arguments: [
            "https://example.com/images/a", "http://a/images/b.png", "https://x", "ftp://host/a/b/c",
            "https://ex ample.com/a", "https://host:80/a", "https:/host/a", "1http://host/a", "https://",
            "https://host/a?q=1", "https://host/%20", "mailto:a@b.co", "https://host//a", "a+b-c.d://h/_~",
        ])
    func plainURL(text: String) throws {
        let formats = try Schema(["format": "uri"], options: SchemaOptions(assertsFormats: true))
        if FormatAlphabet.isPlainURL(text, format: "uri") {
            #expect(formats.isValid(.string(text)), "\(text)")
        }
        #expect(!FormatAlphabet.isPlainURL(text, format: "date-time"))
    }

    @Test("the quick URL test agrees with the validator on generated URLs", arguments: UInt64(1)...5)
    func plainURLOnGenerated(seed: UInt64) throws {
        let formats = try Schema(["format": "uri"], options: SchemaOptions(assertsFormats: true))
        let regex = try #require(PatternPlans.regex("^[a-z]+://[^/]*(/.*)?$", format: "uri"))
        var random = SeededRandom(seed: seed)
        for _ in 0..<100 {
            let text = regex.generate(using: &random, extra: 4)
            if FormatAlphabet.isPlainURL(text, format: "uri") {
                #expect(formats.isValid(.string(text)), "\(text)")
            }
        }
    }

    @Test("only one schema object of exact keywords is built without a second check")
    func constructive() throws {
        let document: JSONValue = [
            "plain": ["type": "object", "required": ["a"], "properties": ["a": ["type": "string"]]],
            "merged": ["allOf": [["type": "string"], ["pattern": "^a"]]],
            "negated": ["type": "integer", "not": ["const": 3]],
            "unique": ["type": "array", "uniqueItems": true],
            "unknown": ["type": "string", "x-kind": "name"],
        ]
        let generator = InstanceGenerator(document: document)
        func constructive(_ name: String) throws -> Bool {
            try generator.flatten(["$ref": .string("#/\(name)")], at: .root, hops: 0).isConstructive
        }
        #expect(try constructive("plain"))
        #expect(try !constructive("merged"))
        #expect(try !constructive("negated"))
        #expect(try !constructive("unique"))
        #expect(try !constructive("unknown"))
    }

    @Test("cached plans give the same instance as a fresh generator", arguments: UInt64(1)...10)
    func cachedPlansAreDeterministic(seed: UInt64) throws {
        let document = GeneratorTests.menu
        let schema: JSONValue = ["type": "array", "items": ["$ref": "#/schemas/MenuItem"], "minItems": 1]
        let warm = InstanceGenerator(document: document)
        var first = SeededRandom(seed: 99)
        _ = try warm.instance(for: schema, using: &first)
        var cached = SeededRandom(seed: seed)
        var cold = SeededRandom(seed: seed)
        let fromCache = try warm.instance(for: schema, using: &cached)
        let fresh = try InstanceGenerator(document: document).instance(for: schema, using: &cold)
        #expect(fromCache == fresh)
        let validator = try Schema(
            document: document, at: try #require(JSONPointer("/schemas/MenuItem")), baseURI: "urn:menu")
        for item in fromCache.arrayValue ?? [] {
            #expect(validator.isValid(item), "\(item.compactText)")
        }
    }

    @Test("an optional property nothing satisfies is left out, not filled from additionalProperties")
    func unsatisfiableOptional() throws {
        let schema: JSONValue = [
            "type": "object", "properties": ["legacy": ["not": [:]], "name": ["type": "string"]],
            "additionalProperties": ["type": "integer"],
        ]
        let generator = InstanceGenerator(document: schema)
        let validator = try Schema(schema)
        for seed in UInt64(0)..<20 {
            var random = SeededRandom(seed: seed)
            let value = try generator.instance(for: schema, using: &random)
            #expect(value["legacy"] == nil)
            #expect(validator.isValid(value), "\(value.compactText)")
        }
    }
}
