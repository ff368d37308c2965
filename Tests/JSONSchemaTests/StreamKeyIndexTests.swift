import Testing

@testable import JSONSchema

/// Objects against a `properties` table large enough for its hash index (`StreamPlan+KeyIndex`):
/// listed names in and out of order, unlisted names of the same length and first eight bytes,
/// escaped spellings of listed names, and keys named twice (which must still reach `JSONParser`
/// even when every key was found in the table).
@Suite("Validating while reading: many listed properties")
struct StreamKeyIndexTests {
    static let listed = [
        "id", "name", "profile_link_color", "profile_text_color", "profile_image_url",
        "profile_image_url_https", "followers_count", "friends_count", "a", "caf\u{E9}",
    ]
    /// Member keys as written in the text.
    static let keys =
        listed.map { "\"\($0)\"" } + [
            #""profile_link_colour""#, #""profile_text_colos""#, #""profile_image_urx""#, #""b""#, #""idx""#,
            #""\u0061""#, #""caf\u00e9""#, #""n\u0061me""#, #""friends_countt""#,
        ]

    static let schemas = [
        // Every listed name's value must be an integer; others must be strings.
        "{\"type\": \"object\", \"properties\": {"
            + listed.map { "\"\($0)\": {\"type\": \"integer\"}" }.joined(separator: ", ")
            + "}, \"additionalProperties\": {\"type\": \"string\"}, \"required\": [\"id\"]}",
        "{\"properties\": {" + listed.map { "\"\($0)\": {\"maximum\": 2}" }.joined(separator: ", ")
            + "}, \"additionalProperties\": false, \"required\": [\"name\", \"profile_image_url\"]}",
        "{\"items\": {\"properties\": {"
            + listed.map { "\"\($0)\": {\"type\": \"integer\"}" }
            .joined(separator: ", ") + "}, \"maxProperties\": 6}}",
    ]

    static func object(_ random: inout TapeProgramTests.Seeded) -> String {
        let members = (0..<random.below(8)).map { _ in
            keys[random.below(keys.count)] + ":" + (random.below(3) == 0 ? "\"s\"" : String(random.below(4)))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test("every seeded object gets the evaluator's verdict; a repeated key is left undecided")
    func agreesWithTheEvaluator() throws {
        var random = TapeProgramTests.Seeded(state: 3_808)
        for schemaText in Self.schemas {
            let schema = try Schema(try JSONParser.parse(schemaText))
            for _ in 0..<1_500 {
                let text =
                    random.below(2) == 0
                    ? Self.object(&random)
                    : "[" + (0..<random.below(4)).map { _ in Self.object(&random) }.joined(separator: ",")
                        + "]"
                let bytes = Array(text.utf8)
                let parsed = try JSONParser.parseDocument(bytes)
                let expected = schema.validate(parsed.value).isValid
                let streamed = bytes.withUnsafeBytes { schema.isValidWhileReading(json: $0) }
                #expect(try schema.isValid(json: bytes) == expected, "\(schemaText) on \(text)")
                #expect(
                    streamed == (parsed.duplicateKeys.isEmpty ? expected : nil), "\(schemaText) on \(text)")
            }
        }
    }
}
