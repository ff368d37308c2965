import Testing

@testable import JSONSchema

/// `unevaluatedProperties` on the tape (member bitsets) must answer as the `JSONValue` evaluator
/// does, through every applicator that passes annotations on.
@Suite("Tape annotations")
struct TapeAnnotationTests {
    static let schemas = [
        #"{"properties": {"a": {}}, "unevaluatedProperties": false}"#,
        #"{"allOf": [{"properties": {"a": {}}}], "properties": {"b": {}}, "unevaluatedProperties": false}"#,
        #"{"anyOf": [{"properties": {"a": {"type": "integer"}}}, {"properties": {"b": {}}, "required": ["b"]}], "unevaluatedProperties": false}"#,
        #"{"oneOf": [{"properties": {"a": {}}, "required": ["a"]}, {"properties": {"b": {}}, "required": ["b"]}], "unevaluatedProperties": {"type": "string"}}"#,
        #"{"if": {"properties": {"a": {"const": 1}}, "required": ["a"]}, "then": {"properties": {"b": {}}}, "else": {"properties": {"c": {}}}, "unevaluatedProperties": false}"#,
        #"{"if": {"properties": {"a": {"const": 1}}}, "unevaluatedProperties": false}"#,
        #"{"dependentSchemas": {"a": {"properties": {"b": {}}}}, "properties": {"a": {}}, "unevaluatedProperties": false}"#,
        #"{"patternProperties": {"^x": {}}, "unevaluatedProperties": {"type": "integer"}}"#,
        #"{"properties": {"a": {}}, "additionalProperties": {"type": "integer"}, "unevaluatedProperties": false}"#,
        #"{"not": {"required": ["a"], "properties": {"a": {}}}, "unevaluatedProperties": false}"#,
        ##"{"$defs": {"inner": {"properties": {"a": {}}, "unevaluatedProperties": {"type": "integer"}}}, "allOf": [{"$ref": "#/$defs/inner"}], "unevaluatedProperties": false}"##,
        ##"{"$defs": {"base": {"properties": {"a": {}, "é\n": {}}}}, "$ref": "#/$defs/base", "properties": {"b": {"properties": {"c": {}}, "unevaluatedProperties": false}}, "unevaluatedProperties": false}"##,
        #"{"properties": {"list": {"items": {"type": "integer"}, "unevaluatedItems": false}}, "unevaluatedProperties": false}"#,
    ]

    /// Seeded objects over a small key alphabet, some with more than 64 members (the bitset's
    /// second word) and escaped keys.
    static func instances() -> [String] {
        let keys = [#""a""#, #""b""#, #""c""#, #""x1""#, #""xy""#, #""\u00e9\n""#, #""list""#]
        let values = ["1", "2", #""s""#, "null", "[1, 2]", #"{"c": 1}"#, #"{"d": 1}"#]
        var state: UInt64 = 0xD1B5_4A32_D192_ED03
        var texts = ["{}", "[]", "1", #""a""#]
        for round in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var used = Set<String>()
            var members: [String] = []
            for step in 0..<Int(state >> 61) {
                let bits = state >> UInt64(8 * step)
                let key = keys[Int(bits & 0xFF) % keys.count]
                guard used.insert(key).inserted else { continue }
                members.append("\(key): \(values[Int((bits >> 3) & 0xFF) % values.count])")
            }
            if round % 25 == 0 {
                for filler in 0..<70 { members.append(#""y\#(filler)": \#(filler)"#) }
            }
            texts.append("{" + members.joined(separator: ", ") + "}")
        }
        return texts
    }

    @Test("agrees with the evaluator on seeded instances", arguments: schemas)
    func agreement(schemaText: String) throws {
        let schema = try Schema(try JSONParser.parse(schemaText))
        var valid = 0
        for text in Self.instances() {
            let value = try JSONParser.parse(text)
            let onTape = try schema.isValid(json: Array(text.utf8))
            #expect(onTape == schema.isValid(value), "\(schemaText) on \(text)")
            if onTape { valid += 1 }
        }
        // The instances exercise both answers.
        #expect(valid > 0)
    }

    @Test("uniqueItems on the tape agrees with the evaluator")
    func uniqueItems() throws {
        let schema = try Schema(try JSONParser.parse(#"{"uniqueItems": true}"#))
        let elements = [
            #""a""#, #""b""#, #""ab""#, #""\u0061""#, #""é""#, #""e\u0301""#, "\"e\u{301}\"", "1", "1.0",
            #"{"a": 1}"#,
        ]
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        var texts = ["[]", #"["a"]"#, "{}"]
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var picked: [String] = []
            for step in 0..<Int(state >> 61) {
                picked.append(elements[Int((state >> UInt64(6 * step)) & 63) % elements.count])
            }
            texts.append("[" + picked.joined(separator: ", ") + "]")
        }
        for text in texts {
            let onTape = try schema.isValid(json: Array(text.utf8))
            #expect(onTape == schema.isValid(try JSONParser.parse(text)), "\(text)")
        }
    }
}
