import JSONSchema
import SchemaGeneration
import Testing

@testable import ContractFuzz

/// Cross-checks the generator and mutator against the package's JSON Schema validator.
@Suite("Validator agreement")
struct ValidatorAgreementTests {
    static let formatOptions = SchemaOptions(assertsFormats: true)

    static let contract: JSONValue = [
        "schemas": [
            "Money": [
                "type": "object", "required": ["amount", "currency"], "additionalProperties": false,
                "properties": [
                    "amount": ["type": "string", "pattern": "^-?\\d+\\.\\d{2}$"],
                    "currency": ["enum": ["EUR", "USD", "GBP"]],
                ],
            ],
            "Order": [
                "type": "object", "required": ["id", "lines", "total", "createdAt"],
                "properties": [
                    "id": ["type": "string", "format": "uuid"],
                    "lines": [
                        "type": "array", "minItems": 1, "maxItems": 3, "items": ["$ref": "#/schemas/Line"],
                    ],
                    "total": ["$ref": "#/schemas/Money"],
                    "createdAt": ["type": "string", "format": "date-time"],
                    "customer": ["oneOf": [["$ref": "#/schemas/Guest"], ["$ref": "#/schemas/Member"]]],
                    "note": ["type": ["string", "null"], "maxLength": 140],
                ],
            ],
            "Line": [
                "allOf": [
                    [
                        "type": "object", "required": ["sku"],
                        "properties": ["sku": ["type": "string", "pattern": "^[A-Z]{2}-\\d{3}$"]],
                    ],
                    [
                        "required": ["quantity"],
                        "properties": ["quantity": ["type": "integer", "minimum": 1, "maximum": 99]],
                    ],
                ]
            ],
            "Guest": [
                "type": "object", "required": ["kind", "email"], "additionalProperties": false,
                "properties": [
                    "kind": ["const": "guest"], "email": ["type": "string", "format": "email"],
                ],
            ],
            "Member": [
                "type": "object", "required": ["kind", "memberId"], "additionalProperties": false,
                "properties": [
                    "kind": ["const": "member"], "memberId": ["type": "integer", "exclusiveMinimum": 0],
                    "contact": [
                        "type": "object",
                        "properties": [
                            "host": ["format": "hostname"], "ip4": ["format": "ipv4"],
                            "ip6": ["format": "ipv6"], "site": ["format": "uri"],
                            "ref": ["format": "uri-reference"], "since": ["format": "date"],
                            "at": ["format": "time"], "ttl": ["format": "duration"],
                        ],
                    ],
                ],
            ],
        ]
    ]

    static let names = ["Money", "Order", "Line", "Guest", "Member"]

    static func validator(_ name: String) throws -> Schema {
        try Schema(
            document: contract, at: JSONPointer(tokens: ["schemas", name]), baseURI: "urn:test:contract",
            options: formatOptions)
    }

    @Test("generated instances validate, formats asserted", arguments: names)
    func contractInstances(name: String) throws {
        let schema = try Self.validator(name)
        let generator = InstanceGenerator(document: Self.contract)
        let reference: JSONValue = ["$ref": .string("#/schemas/\(name)")]
        var rng = SeededRandom(seed: 1234)
        for _ in 0..<40 {
            let value = try generator.instance(for: reference, using: &rng)
            let result = schema.validate(value)
            #expect(result.isValid, "\(value.compactText): \(result.errors)")
        }
        for value in generator.boundaryInstances(for: reference, limit: 40) {
            let result = schema.validate(value)
            #expect(result.isValid, "\(value.compactText): \(result.errors)")
        }
    }

    @Test("format values validate when formats are asserted", arguments: FormatValues.supported.sorted())
    func formats(format: String) throws {
        let json: JSONValue = ["type": "string", "format": .string(format)]
        let schema = try Schema(json, options: Self.formatOptions)
        var rng = SeededRandom(seed: 77)
        for _ in 0..<50 {
            guard let text = FormatValues.random(format, using: &rng) else { continue }
            #expect(schema.isValid(.string(text)), "\(format): \(text)")
        }
        for text in FormatValues.boundaries(format) {
            #expect(schema.isValid(.string(text)), "\(format): \(text)")
        }
    }

    @Test("mutations are rejected by the validator", arguments: names)
    func mutations(name: String) throws {
        let schema = try Self.validator(name)
        let generator = InstanceGenerator(document: Self.contract)
        let mutator = Mutator(document: Self.contract, includesFormatViolations: true)
        let reference: JSONValue = ["$ref": .string("#/schemas/\(name)")]
        var rng = SeededRandom(seed: 99)
        var count = 0
        for _ in 0..<8 {
            let value = try generator.instance(for: reference, using: &rng)
            for mutation in mutator.mutations(of: value, schema: reference) {
                count += 1
                #expect(
                    !schema.isValid(mutation.value),
                    "\(mutation.kind): \(mutation.description) → \(mutation.value.compactText)")
            }
        }
        #expect(count > 0)
    }
}
