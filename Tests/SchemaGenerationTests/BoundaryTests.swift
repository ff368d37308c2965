import JSONSchema
import Testing

@testable import SchemaGeneration

@Suite("Boundary instances")
struct BoundaryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: JSONValue
        var expected: [JSONValue]
        var testDescription: String { schema.compactText }
    }

    static let cases: [Case] = [
        .init(schema: ["type": "integer", "minimum": -2, "maximum": 7], expected: [-2, 7, 0]),
        .init(schema: ["type": "number", "exclusiveMinimum": 0, "maximum": 10], expected: [10, 2, 1.5]),
        .init(
            schema: ["type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 100], expected: [1, 99]),
        .init(
            schema: ["type": "number", "minimum": 0, "maximum": 1, "multipleOf": 0.25],
            expected: [0, 1, 0.25, 0.75]),
        // An unbounded side reaches past Int32 and to Int64's ends, where narrowing conversions trap.
        .init(
            schema: ["type": "integer", "minimum": 1],
            expected: [1, 2_147_483_648, .number(JSONNumber(Int.max))]),
        .init(
            schema: ["type": "integer", "maximum": 0],
            expected: [0, -2_147_483_649, .number(JSONNumber(Int.min))]),
        .init(
            schema: ["type": "integer", "multipleOf": 1000], expected: [0, 2_147_483_000, -2_147_483_000]),
        // Kinto's `_since`: a maximum of 2^63, beyond what Int64 counts; the largest values are sent.
        .init(
            schema: ["type": "integer", "minimum": 0, "maximum": .number(BoundaryTests.twoTo63)],
            expected: [0, .number(JSONNumber(Int64.max)), .number(BoundaryTests.twoTo63)]),
        .init(
            schema: ["type": "integer", "format": "int64", "minimum": .number(JSONNumber(Int64.min))],
            expected: [.number(JSONNumber(Int64.min)), 0]),
        .init(schema: ["enum": ["red", "green", "blue"]], expected: ["red", "green", "blue"]),
        .init(schema: ["type": "string", "maxLength": 3], expected: ["", "zzz", "😀𝄞", "e\u{301}"]),
        .init(
            schema: ["type": "string", "minLength": 2],
            expected: ["aa", "😀𝄞", .string(String(repeating: "x", count: 4096))]),
        .init(schema: ["type": ["boolean", "null"]], expected: [true, false, nil]),
        .init(
            schema: [
                "type": "array", "items": ["type": "integer", "minimum": 1, "maximum": 3], "maxItems": 3,
            ], expected: [[], [1, 3, 2]]),
        .init(
            schema: [
                "type": "object", "required": ["id"],
                "properties": ["id": ["type": "integer", "minimum": 1], "note": ["type": "string"]],
            ],
            expected: [["id": 1], ["id": 1, "note": ""]]),
    ]

    @Test("expected boundaries are present and all are valid", arguments: cases)
    func boundaries(_ testCase: Case) {
        let generator = InstanceGenerator(document: testCase.schema)
        let values = generator.boundaryInstances(for: testCase.schema, limit: 40)
        for expected in testCase.expected {
            #expect(
                values.contains(expected), "missing \(expected.compactText) in \(values.map(\.compactText))")
        }
        for value in values {
            #expect(generator.conforms(value, to: testCase.schema), "\(value.compactText)")
        }
        #expect(Set(values).count == values.count)
    }

    static let twoTo63 = JSONNumber(parsing: "9223372036854775808") ?? 0

    @Test("a pattern free on one side is sent with unusual text there, as the pattern allows")
    func framedPatterns() {
        // Kinto's If-None-Match: the `\*` alternative is anchored on neither side.
        let schema: JSONValue = ["type": "string", "pattern": #"^"([0-9]+?)"$|\*"#]
        let values = InstanceGenerator(document: schema).boundaryInstances(for: schema, limit: 16).compactMap(
            \.stringValue)
        #expect(values.contains { $0.hasPrefix("*") && $0.count > 1 }, "\(values)")
        #expect(values.contains { $0.hasSuffix("*") && $0.count > 1 }, "\(values)")
        #expect(values.allSatisfy { PatternMatcher.matches($0, pattern: #"^"([0-9]+?)"$|\*"#) == true })
        let anchored: JSONValue = ["type": "string", "pattern": "^[a-z]{3}$"]
        let plain = InstanceGenerator(document: anchored).boundaryInstances(for: anchored, limit: 16)
        #expect(plain.allSatisfy { ($0.stringValue ?? "").count == 3 }, "an anchored pattern leaves no room")
    }

    @Test("random values over 0...2^63 come in every size, not only near the far end")
    func wideRangeSpread() throws {
        let schema: JSONValue = ["type": "integer", "minimum": 0, "maximum": .number(Self.twoTo63)]
        let generator = InstanceGenerator(document: schema)
        var sizes = Set<Int>()
        for seed in 0..<200 {
            var random = SeededRandom(seed: UInt64(seed))
            let value = try generator.instance(for: schema, using: &random)
            sizes.insert(value.compactText.count)
            #expect(generator.conforms(value, to: schema))
        }
        #expect(sizes.count >= 12, "digit counts seen: \(sizes.sorted())")
    }

    @Test("boundaries are deterministic and respect the limit")
    func deterministic() {
        let generator = InstanceGenerator(document: GeneratorTests.menu)
        let schema: JSONValue = ["$ref": "#/schemas/MenuItem"]
        let first = generator.boundaryInstances(for: schema, limit: 12)
        #expect(first.count == 12)
        #expect(first == generator.boundaryInstances(for: schema, limit: 12))
        for value in first { #expect(generator.conforms(value, to: schema)) }
    }

    @Test("an unbounded side's far values come right after the bounds, within the first four")
    func farValuesEarly() {
        let number: JSONValue = ["type": "number", "minimum": 0.01]
        let numbers = InstanceGenerator(document: number).boundaryInstances(for: number, limit: 4)
        #expect(numbers.contains { ($0.numberValue?.doubleValue ?? 0) >= 2_147_483_648 }, "\(numbers)")
        let integer: JSONValue = ["type": "integer", "minimum": 1]
        let integers = InstanceGenerator(document: integer).boundaryInstances(for: integer, limit: 3)
        #expect(integers == [1, 2_147_483_648, .number(JSONNumber(Int.max))], "\(integers)")
    }

    @Test("each property's edges come on their own, the required properties plain, the properties in turn")
    func propertyBoundaries() {
        let schema: JSONValue = [
            "type": "object", "required": ["filter"],
            "properties": [
                "filter": [
                    "type": "object", "properties": ["since": ["type": "string", "format": "date-time"]],
                ],
                "unit": ["enum": ["day", "hour"]],
                "interval": ["type": "number", "minimum": 0.01],
            ],
        ]
        let generator = InstanceGenerator(document: schema)
        let values = generator.propertyBoundaries(for: schema, rounds: 2)
        #expect(values.contains(["filter": [:], "unit": "hour"]), "\(values.map(\.compactText))")
        #expect(
            values.contains {
                $0["filter"] == [:] && ($0["interval"]?.numberValue?.doubleValue ?? 0) >= 2_147_483_648
            }, "\(values.map(\.compactText))")
        // Every value has the required key and at most one other.
        #expect(values.allSatisfy { $0["filter"] != nil && ($0.objectValue?.count ?? 0) <= 2 })
        #expect(values.allSatisfy { generator.conforms($0, to: schema) })
        // The first round names each property that has a second edge before any has a third.
        let keys = values.prefix(3).compactMap { $0.objectValue?.keys.first { $0 != "filter" } }
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(generator.propertyBoundaries(for: ["type": "string"], rounds: 2).isEmpty)
    }

    @Test(
        "formats list parser-unfriendly valid spellings",
        arguments: ["date-time", "ipv6", "uuid", "duration"])
    func formats(format: String) {
        let schema: JSONValue = ["type": "string", "format": .string(format)]
        let values = InstanceGenerator(document: schema).boundaryInstances(for: schema, limit: 20)
        #expect(values.count >= 3)
        #expect(values.allSatisfy { $0.stringValue != nil })
        #expect(values.contains(.string(FormatValues.boundaries(format)[0])))
    }
}
