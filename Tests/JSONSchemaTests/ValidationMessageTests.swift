import JSONSchema
import Testing

@Suite("Validation messages and locations")
struct ValidationMessageTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var schema: String
        var instance: String
        var message: String
        var keywordLocation: String
        var testDescription: String { message }
    }

    static let examples: [Example] = [
        Example(
            schema: #"""
                {"properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
                 "$defs": {"item": {"properties": {"price": {"type": "number"}}}}}
                """#,
            instance: #"{"items": [{}, {}, {}, {"price": "9.99"}]}"#,
            message: #"/items/3/price: expected number, got string "9.99""#,
            keywordLocation: "/properties/items/items/$ref/properties/price/type"),
        Example(
            schema: #"{"required": ["id"]}"#, instance: "{}", message: #"/: missing required property "id""#,
            keywordLocation: "/required"),
        Example(
            schema: #"{"properties": {"name": {"maxLength": 10}}}"#, instance: #"{"name": "abcdefghijklmn"}"#,
            message: "/name: expected at most 10 characters, got 14",
            keywordLocation: "/properties/name/maxLength"),
        Example(
            schema: #"{"properties": {"a": true}, "additionalProperties": false}"#,
            instance: #"{"a": 1, "extra": 2}"#,
            message: #"/extra: property "extra" is not allowed (additionalProperties is false)"#,
            keywordLocation: "/additionalProperties"),
        Example(
            schema: #"{"items": {"minimum": 5}}"#, instance: "[7, 3]",
            message: "/1: expected a number at least 5, got 3", keywordLocation: "/items/minimum"),
        Example(
            schema: #"{"const": "short"}"#, instance: #""\#(String(repeating: "x", count: 100))""#,
            message: #"/: expected "short", got ""# + String(repeating: "x", count: 40) + #"…""#,
            keywordLocation: "/const"),
    ]

    @Test("first error message and keyword location", arguments: examples)
    func firstError(_ example: Example) throws {
        let schema = try Schema(try JSONParser.parse(example.schema))
        let instance = try JSONParser.parse(example.instance)
        let result = schema.validate(instance)
        #expect(!result.isValid)
        #expect(!schema.isValid(instance))
        let error = try #require(result.errors.first)
        #expect(error.description == example.message)
        #expect(error.keywordLocation.description == example.keywordLocation)
    }

    @Test("every error is reported, not only the first")
    func allErrors() throws {
        let schema = try Schema(
            try JSONParser.parse(#"{"required": ["a", "b"], "properties": {"c": {"type": "string"}}}"#))
        let result = schema.validate(try JSONParser.parse(#"{"c": 1}"#))
        #expect(
            result.errors.map(\.description) == [
                #"/c: expected string, got integer 1"#,
                #"/: missing required property "a""#,
                #"/: missing required property "b""#,
            ])
    }

    @Test("additionalProperties is checked at every level of nested objects")
    func nestedAdditionalProperties() throws {
        let schema = try Schema(
            try JSONParser.parse(
                #"{"properties": {"a": {"properties": {"x": true}, "additionalProperties": false}}, "additionalProperties": false}"#
            ))
        #expect(schema.isValid(["a": ["x": 1]]))
        #expect(!schema.isValid(["a": ["x": 1], "b": 2]))
        #expect(!schema.isValid(["a": ["x": 1, "y": 2]]))
        #expect(
            schema.validate(["a": ["x": 1, "y": 2], "b": 2]).errors.map(\.description) == [
                #"/a/y: property "y" is not allowed (additionalProperties is false)"#,
                #"/b: property "b" is not allowed (additionalProperties is false)"#,
            ])
    }

    @Test("valid instances give no errors")
    func validInstance() throws {
        let schema = try Schema(
            try JSONParser.parse(#"{"type": "object", "properties": {"n": {"type": "integer"}}}"#))
        let result = schema.validate(try JSONParser.parse(#"{"n": 1.0}"#))
        #expect(result.isValid)
        #expect(result.errors.isEmpty)
        #expect(result.basicOutput == ["valid": true])
    }
}
