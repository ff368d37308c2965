import JSONSchema
import SchemaGeneration
import Testing

@Suite("Format and pattern together")
struct FormatAndPatternTests {
    /// A URL field restricted to a path shape, as the Restaurant contract's `image_url` is: the
    /// format's own random shapes never match, so values must be built from the pattern.
    @Test("a uri narrowed by a pattern is generated, valid by both", arguments: UInt64(1)...20)
    func uriWithPattern(seed: UInt64) throws {
        let schema: JSONValue = [
            "type": "string", "format": "uri", "pattern": "^https?://[^/]+/images/[^/]+$",
        ]
        var random = SeededRandom(seed: seed)
        let value = try InstanceGenerator(document: schema).instance(for: schema, using: &random)
        let validator = try Schema(schema, options: SchemaOptions(assertsFormats: true))
        #expect(validator.isValid(value), "\(value.compactText)")
    }
}
