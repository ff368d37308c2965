import JSONSchema
import Testing

@testable import ContractFuzz

@Suite("InstanceGenerator")
struct GeneratorTests {
    static let menu: JSONValue = [
        "schemas": [
            "MenuItem": [
                "type": "object",
                "required": ["id", "name", "price"],
                "additionalProperties": false,
                "properties": [
                    "id": ["type": "string", "format": "uuid"],
                    "name": ["type": "string", "minLength": 1, "maxLength": 40],
                    "price": ["type": "number", "minimum": 0, "exclusiveMaximum": 1000, "multipleOf": 0.01],
                    "tags": [
                        "type": "array", "items": ["type": "string", "pattern": "^[a-z][a-z0-9-]{1,9}$"],
                        "uniqueItems": true, "maxItems": 4,
                    ],
                    "category": ["enum": ["starter", "main", "dessert"]],
                    "spicy": ["type": ["boolean", "null"]],
                    "next": ["$ref": "#/schemas/MenuItem"],
                ],
            ]
        ]
    ]

    @Test("smoke", arguments: 0..<20)
    func smoke(seed: UInt64) throws {
        let generator = InstanceGenerator(document: Self.menu)
        var rng = SeededRandom(seed: seed)
        let value = try generator.instance(for: ["$ref": "#/schemas/MenuItem"], using: &rng)
        print(value.compactText)
        #expect(generator.conforms(value, to: ["$ref": "#/schemas/MenuItem"]))
    }
}
