import ConformTestSupport
import JSONSchema
import SchemaGeneration
import Testing

@testable import ContractFuzz

@Suite("Mutator")
struct MutatorTests {
    static let schema: JSONValue = ["$ref": "#/schemas/MenuItem"]

    static func validInstances() throws -> [JSONValue] {
        let generator = InstanceGenerator(document: MenuFixture.menu)
        var rng = SeededRandom(seed: 21)
        return try (0..<10).map { _ in try generator.instance(for: schema, using: &rng) }
            + generator.boundaryInstances(for: schema, limit: 10)
    }

    @Test("every mutation is invalid and deterministic")
    func invalid() throws {
        let mutator = Mutator(document: MenuFixture.menu)
        let generator = InstanceGenerator(document: MenuFixture.menu)
        for instance in try Self.validInstances() {
            let mutations = mutator.mutations(of: instance, schema: Self.schema)
            #expect(!mutations.isEmpty)
            for mutation in mutations {
                #expect(!generator.conforms(mutation.value, to: Self.schema), "\(mutation.description)")
                #expect(mutation.pointer.resolve(in: instance) != nil)
            }
            let again = mutator.mutations(of: instance, schema: Self.schema)
            #expect(mutations.map(\.value) == again.map(\.value))
        }
    }

    @Test(
        "the classic gaps are all proposed",
        arguments: [
            Mutation.Kind.wrongType, .missingRequired, .nullNotAllowed, .unknownKey, .outOfRange,
            .notMultipleOf,
            .tooShort, .tooLong, .enumViolation,
        ])
    func kinds(kind: Mutation.Kind) throws {
        let instance: JSONValue = [
            "id": "00000000-0000-0000-0000-000000000000", "name": "Soup", "price": 4.5, "category": "starter",
        ]
        let mutations = Mutator(document: MenuFixture.menu).mutations(of: instance, schema: Self.schema)
        #expect(mutations.contains { $0.kind == kind }, "\(mutations.map(\.description))")
    }

    @Test("specific mutations land where expected")
    func specifics() {
        let schema: JSONValue = [
            "type": "object", "required": ["n", "tags"],
            "properties": [
                "n": ["type": "integer", "minimum": 1, "maximum": 9],
                "tags": [
                    "type": "array", "items": ["type": "string", "pattern": "^[a-z]+$"], "uniqueItems": true,
                    "maxItems": 2,
                ],
            ],
        ]
        let instance: JSONValue = ["n": 5, "tags": ["a", "b"]]
        let mutations = Mutator(document: schema).mutations(of: instance, schema: schema)
        let values = mutations.map(\.value)
        #expect(values.contains(["n": 0, "tags": ["a", "b"]]))
        #expect(values.contains(["n": 10, "tags": ["a", "b"]]))
        #expect(values.contains(["n": 5.5, "tags": ["a", "b"]]))
        #expect(values.contains(["tags": ["a", "b"]]))
        #expect(values.contains(["n": 5, "tags": ["a", "a"]]))
        #expect(values.contains(["n": 5, "tags": ["a", "b", "b"]]))
        #expect(values.contains(["n": 5, "tags": ["", "b"]]))
        #expect(mutations.contains { $0.kind == .patternMismatch && $0.pointer == JSONPointer("/tags/0") })
    }

    @Test("anyOf locations only keep mutations no branch accepts")
    func anyOf() {
        let schema: JSONValue = ["anyOf": [["type": "string"], ["type": "integer"]]]
        let mutations = Mutator(document: schema).mutations(of: "x", schema: schema)
        #expect(!mutations.contains { $0.value == 12345 })
        #expect(mutations.contains { $0.kind == .nullNotAllowed })
    }

    @Test("invalid input yields no mutations")
    func invalidInput() {
        #expect(Mutator(document: true).mutations(of: 1, schema: ["type": "string"]).isEmpty)
    }
}
