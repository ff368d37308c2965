import ConformTestSupport
import Foundation
import JSONSchema
import Testing

@testable import SchemaGeneration

/// Schemas exercising one keyword family each, with a property every instance must have.
struct KeywordCase: CustomTestStringConvertible, Sendable {
    var name: String
    var schema: JSONValue
    var check: @Sendable (JSONValue) -> Bool
    var testDescription: String { name }
}

@Suite("InstanceGenerator")
struct GeneratorTests {
    static let menu = MenuFixture.menu

    static let cases: [KeywordCase] = [
        .init(name: "type array with null", schema: ["type": ["string", "null"]]) {
            $0.isNull || $0.stringValue != nil
        },
        .init(name: "enum", schema: ["enum": ["a", 1, nil]]) { ["a", 1, nil].contains($0) },
        .init(name: "const", schema: ["const": ["x": [1, 2]]]) { $0 == ["x": [1, 2]] },
        .init(name: "integer bounds", schema: ["type": "integer", "minimum": -3, "maximum": 3]) {
            $0.numberValue.map { $0.isInteger && JSONNumber(-3) <= $0 && $0 <= JSONNumber(3) } ?? false
        },
        .init(
            name: "exclusive bounds",
            schema: ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1]
        ) {
            $0.numberValue.map { JSONNumber(0) < $0 && $0 < JSONNumber(1) } ?? false
        },
        .init(name: "decimal multipleOf", schema: ["type": "number", "multipleOf": 0.05, "maximum": 2]) {
            $0.numberValue.map { $0.isMultiple(of: (0.05 as JSONNumber)) } ?? false
        },
        .init(name: "integer with fractional multipleOf", schema: ["type": "integer", "multipleOf": 2.5]) {
            $0.numberValue.map { $0.isInteger && $0.isMultiple(of: JSONNumber(5)) } ?? false
        },
        .init(
            name: "integer beyond 2^53",
            schema: ["type": "integer", "minimum": 9_007_199_254_740_993, "maximum": 9_007_199_254_741_000]
        ) {
            $0.numberValue.map { JSONNumber(Int64(9_007_199_254_740_993)) <= $0 && $0.isInteger } ?? false
        },
        .init(
            name: "tiny exclusive range",
            schema: ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 0.0001]
        ) {
            $0.numberValue.map { JSONNumber(0) < $0 && $0 < (0.0001 as JSONNumber) } ?? false
        },
        .init(name: "format with maxLength", schema: ["type": "string", "format": "email", "maxLength": 12]) {
            ($0.stringValue?.contains("@") ?? false) && ($0.stringValue?.count ?? 99) <= 12
        },
        .init(name: "string length", schema: ["type": "string", "minLength": 3, "maxLength": 5]) {
            (3...5).contains($0.stringValue?.unicodeScalars.count ?? -1)
        },
        .init(name: "long minLength", schema: ["type": "string", "minLength": 100]) {
            ($0.stringValue?.unicodeScalars.count ?? 0) >= 100
        },
        .init(name: "pattern", schema: ["type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"]) {
            PatternMatcher.matches($0.stringValue ?? "", pattern: "^[A-Z]{3}-\\d{4}$") == true
        },
        .init(name: "pattern with alternation and groups", schema: ["pattern": "^(GET|POST|PUT)( /[a-z]+)+$"])
        {
            PatternMatcher.matches($0.stringValue ?? "", pattern: "^(GET|POST|PUT)( /[a-z]+)+$") == true
        },
        .init(name: "format date-time", schema: ["type": "string", "format": "date-time"]) {
            PatternMatcher.matches(
                $0.stringValue ?? "", pattern: "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d") == true
        },
        .init(name: "format email", schema: ["format": "email"]) { $0.stringValue?.contains("@") == true },
        .init(name: "format ipv4", schema: ["format": "ipv4"]) {
            $0.stringValue?.split(separator: ".").compactMap { Int($0) }.filter { (0...255).contains($0) }
                .count == 4
        },
        .init(name: "format uuid", schema: ["format": "uuid"]) {
            PatternMatcher.matches(
                $0.stringValue ?? "", pattern: "^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$") == true
        },
        .init(
            name: "required and closed object",
            schema: ["required": ["a"], "properties": ["a": true, "b": true], "additionalProperties": false]
        ) {
            guard let object = $0.objectValue else { return false }
            return object["a"] != nil && object.keys.allSatisfy { ["a", "b"].contains($0) }
        },
        .init(
            name: "additionalProperties schema",
            schema: ["type": "object", "minProperties": 2, "additionalProperties": ["type": "integer"]]
        ) {
            guard let object = $0.objectValue else { return false }
            return object.count >= 2 && object.values.allSatisfy { $0.numberValue?.isInteger == true }
        },
        .init(
            name: "maxProperties",
            schema: ["properties": ["a": true, "b": true, "c": true], "maxProperties": 1]
        ) {
            ($0.objectValue?.count ?? 9) <= 1
        },
        .init(
            name: "items and sizes",
            schema: ["type": "array", "items": ["type": "boolean"], "minItems": 2, "maxItems": 3]
        ) {
            guard let elements = $0.arrayValue else { return false }
            return (2...3).contains(elements.count) && elements.allSatisfy { $0.boolValue != nil }
        },
        .init(name: "minItems beyond default size", schema: ["type": "array", "minItems": 12]) {
            ($0.arrayValue?.count ?? 0) >= 12
        },
        .init(
            name: "uniqueItems",
            schema: ["type": "array", "items": ["enum": [1, 2, 3]], "uniqueItems": true, "minItems": 3]
        ) {
            guard let elements = $0.arrayValue else { return false }
            return Set(elements).count == elements.count && elements.count == 3
        },
        .init(
            name: "prefixItems closed",
            schema: [
                "prefixItems": [["type": "string"], ["type": "integer"]], "items": false, "minItems": 2,
            ]
        ) {
            $0[0]?.stringValue != nil && $0[1]?.numberValue?.isInteger == true && $0.arrayValue?.count == 2
        },
        .init(name: "contains", schema: ["type": "array", "contains": ["const": "needle"], "minContains": 2])
        {
            ($0.arrayValue?.filter { $0 == "needle" }.count ?? 0) >= 2
        },
        .init(
            name: "allOf merge",
            schema: [
                "allOf": [
                    [
                        "type": "object", "required": ["a"],
                        "properties": ["a": ["type": "integer", "minimum": 5]],
                    ], ["properties": ["a": ["maximum": 6]], "required": ["b"]],
                ]
            ]
        ) {
            guard let a = $0["a"]?.numberValue else { return false }
            return JSONNumber(5) <= a && a <= JSONNumber(6) && $0["b"] != nil
        },
        .init(
            name: "oneOf exclusive",
            schema: ["oneOf": [["type": "integer"], ["type": "number", "minimum": 0]]]
        ) {
            guard let number = $0.numberValue else { return false }
            return number.isInteger != !number.isNegative
        },
        .init(name: "anyOf", schema: ["anyOf": [["type": "string", "maxLength": 2], ["type": "boolean"]]]) {
            ($0.stringValue?.count ?? 0) <= 2 || $0.boolValue != nil
        },
        .init(name: "not", schema: ["type": "integer", "minimum": 0, "maximum": 3, "not": ["const": 2]]) {
            $0 != 2
        },
        .init(
            name: "if then else",
            schema: [
                "type": "object", "required": ["kind"], "properties": ["kind": ["enum": ["a", "b"]]],
                "if": ["properties": ["kind": ["const": "a"]]], "then": ["required": ["onlyA"]],
                "else": ["required": ["onlyB"]],
            ]
        ) {
            $0["kind"] == "a" ? $0["onlyA"] != nil : $0["onlyB"] != nil
        },
        .init(name: "true schema", schema: true) { _ in true },
        .init(
            name: "$defs reference",
            schema: ["$defs": ["n": ["type": "integer", "const": 4]], "$ref": "#/$defs/n"]
        ) { $0 == 4 },
    ]

    @Test("each keyword is honoured", arguments: cases)
    func keyword(_ testCase: KeywordCase) throws {
        let generator = InstanceGenerator(document: testCase.schema)
        for seed in UInt64(0)..<25 {
            var rng = SeededRandom(seed: seed)
            let value = try generator.instance(for: testCase.schema, using: &rng)
            #expect(testCase.check(value), "seed \(seed): \(value.compactText)")
            #expect(generator.conforms(value, to: testCase.schema), "seed \(seed): \(value.compactText)")
        }
    }

    @Test("the same seed gives the same instance", arguments: [0, 1, 99] as [UInt64])
    func deterministic(seed: UInt64) throws {
        let generator = InstanceGenerator(document: Self.menu)
        let schema: JSONValue = ["$ref": "#/schemas/MenuItem"]
        var a = SeededRandom(seed: seed)
        var b = SeededRandom(seed: seed)
        let first = try (0..<5).map { _ in try generator.instance(for: schema, using: &a) }
        let second = try (0..<5).map { _ in try generator.instance(for: schema, using: &b) }
        #expect(first.map(\.compactText) == second.map(\.compactText))
        #expect(Set(first).count > 1)
    }

    @Test("refs into a contract document and recursive schemas terminate", arguments: ["MenuItem", "Tree"])
    func recursive(name: String) throws {
        let generator = InstanceGenerator(document: Self.menu)
        let schema: JSONValue = ["$ref": .string("#/schemas/\(name)")]
        for seed in UInt64(0)..<20 {
            var rng = SeededRandom(seed: seed)
            let value = try generator.instance(for: schema, using: &rng)
            #expect(generator.conforms(value, to: schema))
            #expect(JSONSerializer().bytes(value).count < 200_000)
        }
    }

    @Test("instance(at:) reads the schema from the document")
    func atPointer() throws {
        let generator = InstanceGenerator(document: Self.menu)
        var rng = SeededRandom(seed: 5)
        let value = try generator.instance(at: JSONPointer("/schemas/MenuItem")!, using: &rng)
        #expect(value["id"]?.stringValue != nil)
    }

    @Test("configuration bounds default sizes")
    func configuration() throws {
        let generator = InstanceGenerator(
            document: true, configuration: .init(maxArrayLength: 2, maxStringLength: 3))
        for seed in UInt64(0)..<20 {
            var rng = SeededRandom(seed: seed)
            let array = try generator.instance(
                for: ["type": "array", "items": ["type": "string"]], using: &rng)
            #expect((array.arrayValue?.count ?? 99) <= 2)
            #expect(array.arrayValue?.allSatisfy { ($0.stringValue?.count ?? 99) <= 3 } == true)
        }
    }
}

@Suite("InstanceGenerator edge cases")
struct GeneratorEdgeCaseTests {
    @Test("optional properties that nothing satisfies are left out", arguments: UInt64(0)..<10)
    func forbiddenOptional(seed: UInt64) throws {
        let schema: JSONValue = [
            "type": "object", "properties": ["legacy": false, "name": ["type": "string"]],
        ]
        var rng = SeededRandom(seed: seed)
        let value = try InstanceGenerator(document: schema).instance(for: schema, using: &rng)
        #expect(value["legacy"] == nil)
    }

    @Test("nested $id bases resolve relative references")
    func nestedBase() throws {
        let schema: JSONValue = [
            "$id": "https://example.com/root.json",
            "properties": [
                "item": [
                    "$id": "nested/item.json", "$defs": ["n": ["type": "integer", "const": 3]],
                    "$ref": "#/$defs/n",
                ]
            ],
            "required": ["item"], "type": "object",
        ]
        var rng = SeededRandom(seed: 1)
        let value = try InstanceGenerator(document: schema).instance(for: schema, using: &rng)
        #expect(value["item"] == 3)
    }

    @Test("keyword cases validate with the validator", arguments: GeneratorTests.cases)
    func keywordInstances(_ testCase: KeywordCase) throws {
        let schema = try Schema(testCase.schema, options: SchemaOptions(assertsFormats: true))
        let generator = InstanceGenerator(document: testCase.schema)
        for seed in UInt64(0)..<25 {
            var rng = SeededRandom(seed: seed)
            let value = try generator.instance(for: testCase.schema, using: &rng)
            #expect(schema.isValid(value), "seed \(seed): \(value.compactText)")
        }
        for value in generator.boundaryInstances(for: testCase.schema, limit: 30) {
            #expect(schema.isValid(value), "\(value.compactText)")
        }
    }
}
