import JSONSchema
import Testing

@testable import SchemaGeneration

/// The one entry every command uses for "a value this schema accepts", and the readable value
/// calls built from a description without examples start from.
@Suite("Valid and simplest instances")
struct ValidInstanceTests {
    static let document: JSONValue = [
        "schemas": [
            "Pet": [
                "type": "object", "required": ["name", "born", "tags"],
                "properties": [
                    "name": ["type": "string", "minLength": 3],
                    "born": ["type": "string", "format": "date"],
                    "tags": ["type": "array", "minItems": 2, "items": ["type": "integer", "minimum": 5]],
                    "kind": ["enum": ["cat", "dog"]],
                ],
            ],
            "Kind": ["allOf": [["$ref": "#/schemas/Named"], ["required": ["size"]]]],
            "Named": ["type": "object", "properties": ["size": ["type": "integer", "default": 3]]],
        ]
    ]

    @Test("the simplest instance is the value a person would write: required keys, bounds, formats")
    func simplestReadsLikeHandwriting() {
        let generator = InstanceGenerator(document: Self.document)
        #expect(
            generator.simplestInstance(for: ["$ref": "#/schemas/Pet"])
                == ["name": "aaa", "born": "2024-01-01", "tags": [5, 5]])
        #expect(generator.simplestInstance(for: ["$ref": "#/schemas/Kind"]) == ["size": 3])
        #expect(
            generator.simplestInstance(for: ["oneOf": [["type": "boolean"], ["type": "string"]]]) == true)
    }

    @Test("a simplest value the schema refuses is nil, never an invalid value")
    func simplestNeverInvalid() {
        let generator = InstanceGenerator(document: true)
        #expect(
            generator.simplestInstance(for: ["type": "string", "pattern": "^[0-9]{4}$"]) == JSONValue?.none)
        #expect(
            generator.simplestInstance(for: [
                "type": "array", "minItems": 2, "uniqueItems": true, "items": ["type": "integer"],
            ])
                == JSONValue?.none)
    }

    @Test("one seed and key give one value; the caller's validator has the last word")
    func validInstanceIsSeededAndChecked() throws {
        let generator = InstanceGenerator(document: true)
        let schema: JSONValue = ["type": "integer", "minimum": 0, "maximum": 1000]
        let first = generator.validInstance(for: schema, seed: 7, key: "k") { _ in true }
        #expect(first != nil)
        #expect(generator.validInstance(for: schema, seed: 7, key: "k") { _ in true } == first)
        let even = try #require(
            generator.validInstance(for: schema, seed: 7, key: "k") {
                ($0.numberValue?.intValue ?? 1) % 2 == 0
            })
        #expect((even.numberValue?.intValue ?? 1) % 2 == 0)
        #expect(generator.validInstance(for: schema, seed: 7, key: "k") { _ in false } == JSONValue?.none)
        var random = SeededRandom(seed: 3)
        let drawn = generator.validInstance(for: schema, using: &random) { _ in true }
        let next = generator.validInstance(for: schema, using: &random) { _ in true }
        #expect(drawn != nil && next != nil)
    }
}
