import JSONSchema
import Testing

@testable import SchemaGeneration

@Suite("GenerationError")
struct GenerationErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: JSONValue
        var reason: GenerationError.Reason
        var pointer: String
        var testDescription: String { schema.compactText }
    }

    static let cases: [Case] = [
        .init(schema: false, reason: .contradictory, pointer: ""),
        .init(schema: ["type": "integer", "minimum": 5, "maximum": 4], reason: .contradictory, pointer: ""),
        .init(
            schema: ["type": "integer", "exclusiveMinimum": 1, "exclusiveMaximum": 2], reason: .contradictory,
            pointer: ""),
        .init(
            schema: [
                "type": "object", "properties": ["a": ["type": "string", "minLength": 3, "maxLength": 2]],
                "required": ["a"],
            ], reason: .contradictory, pointer: "/properties/a"),
        .init(schema: ["$ref": "#/nowhere"], reason: .unresolvableReference, pointer: "/$ref"),
        .init(
            schema: ["type": "string", "pattern": "^(?=a)b$"], reason: .unsatisfiablePattern,
            pointer: "/pattern"),
        .init(schema: ["enum": [1, 2], "type": "string"], reason: .contradictory, pointer: ""),
        .init(
            schema: ["allOf": [["type": "string"], ["type": "integer"]]], reason: .contradictory,
            pointer: "/type"),
        .init(
            schema: [
                "type": "object", "required": ["x"], "properties": ["y": true], "additionalProperties": false,
            ], reason: .contradictory, pointer: ""),
    ]

    @Test("unsatisfiable schemas throw with a pointer", arguments: cases)
    func unsatisfiable(_ testCase: Case) {
        let generator = InstanceGenerator(document: testCase.schema)
        var rng = SeededRandom(seed: 1)
        #expect {
            _ = try generator.instance(for: testCase.schema, using: &rng)
        } throws: { error in
            guard let error = error as? GenerationError else { return false }
            return error.reason == testCase.reason && error.pointer.description == testCase.pointer
        }
    }

    @Test("the description names the location")
    func description() {
        let error = GenerationError(.contradictory, at: JSONPointer("/properties/a")!, "empty range")
        #expect(error.description == "contradictory at /properties/a: empty range")
    }
}
