import Testing

@testable import JSONSchema

/// The validator that decides while reading (`isValidWhileReading`, behind `isValid(json:)`) against
/// the tape validator and the `JSONValue` evaluator: seeded documents of objects and arrays against
/// schemas it streams (properties, additionalProperties, required, items, prefixItems, counts,
/// `$ref`, `allOf`) and schemas it hands to a scratch tape (`anyOf`, `oneOf`, `not`, `if`,
/// `contains`, `uniqueItems`, `unevaluated*`, `patternProperties`).
@Suite("Validating while reading")
struct StreamValidatorTests {
    static let schemas = [
        #"{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["a"]}"#,
        #"{"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": false}"#,
        #"{"type": "object", "additionalProperties": {"type": ["integer", "array"]}, "minProperties": 2, "maxProperties": 3}"#,
        #"{"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": {"type": "object"}, "maxItems": 4}"#,
        ##"{"type": "array", "items": {"$ref": "#/$defs/n"}, "minItems": 1, "$defs": {"n": {"type": ["object", "integer"], "properties": {"a": {"$ref": "#/$defs/n"}}, "required": ["k"]}}}"##,
        #"{"allOf": [{"type": "object", "required": ["a"]}, {"properties": {"a": {"minimum": 2}}}], "properties": {"b": false}}"#,
        #"{"type": "object", "required": ["a", "zz"], "properties": {"a": {}}}"#,
        #"{"items": {"anyOf": [{"type": "integer"}, {"type": "object", "required": ["a"]}]}}"#,
        #"{"properties": {"a": {"oneOf": [{"type": "array"}, {"type": "object"}]}, "b": {"not": {"type": "array"}}}}"#,
        #"{"items": {"if": {"type": "object"}, "then": {"required": ["a"]}}, "contains": {"type": "integer"}}"#,
        #"{"type": "object", "properties": {"a": true}, "unevaluatedProperties": {"type": "integer"}}"#,
        #"{"patternProperties": {"^a": {"type": "integer"}}, "additionalProperties": {"type": "array", "uniqueItems": true}}"#,
        #"{"properties": {"caf\u00e9": {"type": "integer"}, "a\"b": {"type": "string"}}, "required": ["caf\u00e9"]}"#,
        #"{"enum": ["x", "y"]}"#,
        #"{"type": "object", "properties": {"a": {"enum": ["x", {"k": 1}]}}}"#,
        "true", "false",
    ]

    /// A seeded document: objects and arrays of a few members, keys from a small set (escaped ones
    /// among them), integers, strings, nesting up to `depth`.
    static func document(_ random: inout TapeProgramTests.Seeded, depth: Int) -> String {
        let keys = [
            #""a""#, #""b""#, #""k""#, #""zz""#, #""caf\u00e9""#, #""café""#, #""a\"b""#, #""\u0061""#,
        ]
        switch random.below(depth <= 0 ? 3 : 6) {
        case 0: return String(random.below(5))
        case 1: return ["\"x\"", "\"y\"", "\"\\u0078\"", "null", "true"][random.below(5)]
        case 2: return "[]"
        case 3, 4:
            let count = random.below(5)
            let members = (0..<count).map { _ in
                keys[random.below(keys.count)] + ":" + document(&random, depth: depth - 1)
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            let count = random.below(5)
            return "[" + (0..<count).map { _ in document(&random, depth: depth - 1) }.joined(separator: ",")
                + "]"
        }
    }

    @Test("every seeded document gets the evaluator's verdict, read while streaming and on a tape")
    func agreesWithTheOtherValidators() throws {
        var random = TapeProgramTests.Seeded(state: 38)
        for schemaText in Self.schemas {
            let schema = try Schema(try JSONParser.parse(schemaText))
            for _ in 0..<400 {
                let text = Self.document(&random, depth: 4)
                let bytes = Array(text.utf8)
                let parsed = try JSONParser.parseDocument(bytes)
                let expected = schema.validate(parsed.value).isValid
                let streamed = bytes.withUnsafeBytes { schema.isValidWhileReading(json: $0) }
                #expect(try schema.isValid(json: bytes) == expected, "\(schemaText) on \(text)")
                #expect(try schema.validate(json: bytes).isValid == expected, "\(schemaText) on \(text)")
                #expect(schema.isValid(try JSONTape.parse(bytes)) == expected, "\(schemaText) on \(text)")
                // A key named twice leaves the verdict to `JSONParser`'s reading (last value wins).
                #expect(
                    streamed == (parsed.duplicateKeys.isEmpty ? expected : nil), "\(schemaText) on \(text)")
            }
        }
    }

    @Test("text that fails a keyword early and is not JSON later throws the parse error")
    func invalidAfterAFailure() throws {
        let schema = try Schema(try JSONParser.parse(#"{"items": {"type": "string"}}"#))
        let bytes = Array(#"[1, "x", {"a": }]"#.utf8)
        #expect(bytes.withUnsafeBytes { schema.isValidWhileReading(json: $0) } == nil)
        #expect(throws: JSONParseError.self) { try schema.isValid(json: bytes) }
        #expect(throws: JSONParseError.self) { try schema.validate(json: bytes) }
    }

    @Test("a small document nested past the inline depth is read again on a large stack")
    func deepSmallDocument() throws {
        let schema = try Schema(
            try JSONParser.parse(
                ##"{"$ref": "#/$defs/n", "$defs": {"n": {"type": ["array", "integer"], "items": {"$ref": "#/$defs/n"}}}}"##
            ))
        let deep = String(repeating: "[", count: 400) + "1" + String(repeating: "]", count: 400)
        #expect(try schema.isValid(json: Array(deep.utf8)))
        let wrong = String(repeating: "[", count: 400) + "\"x\"" + String(repeating: "]", count: 400)
        #expect(try !schema.isValid(json: Array(wrong.utf8)))
        let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try schema.isValid(json: Array(tooDeep.utf8)) }
    }

    @Test("a byte order mark is skipped only when the options allow it")
    func byteOrderMark() throws {
        let schema = try Schema(try JSONParser.parse(#"{"type": "object"}"#))
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        #expect(bytes.withUnsafeBytes { schema.isValidWhileReading(json: $0) } == nil)
        #expect(
            bytes.withUnsafeBytes {
                schema.isValidWhileReading(json: $0, options: .init(allowsByteOrderMark: true))
            }
                == true)
    }

    @Test("the reading reports its progress through a large document, forward only")
    func progress() throws {
        let schema = try Schema(try JSONParser.parse(#"{"items": {"type": "object", "required": ["id"]}}"#))
        let item = #"{"id": 12345, "name": "a name of some length", "tags": ["x", "y"]}"#
        let text = "[" + Array(repeating: item, count: 40_000).joined(separator: ",") + "]"
        var offsets: [Int] = []
        let valid = Array(text.utf8).withUnsafeBytes { bytes in
            schema.isValidWhileReading(json: bytes, progress: { offsets.append($0) })
        }
        #expect(valid == true)
        #expect(offsets.count >= 2)
        #expect(offsets == offsets.sorted() && offsets.allSatisfy { $0 <= text.utf8.count })
    }
}
