import JSONSchema
import Testing

@testable import SchemaGeneration

/// Recursive and deeply nested schemas never crash the generator, on the small stacks of a task
/// group's threads: every walk that follows `$ref`s is bounded (`GenerationLimits`), and a schema
/// that has no instance within the bound is a clean `GenerationError`.
@Suite("Deep and recursive schemas")
struct DeepSchemaTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var document: JSONValue
        /// Whether a finite instance exists within the bound.
        var hasInstance: Bool
        var testDescription: String { name }
    }

    static func definitions(_ defs: [(String, JSONValue)], root: String) -> JSONValue {
        .object(JSONObject([("$defs", .object(JSONObject(defs))), ("$ref", .string("#/$defs/\(root)"))]))
    }

    static func reference(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }

    /// `count` definitions, each an object whose properties point at the next ones, through arrays,
    /// `allOf` and `oneOf`, the way large descriptions (PagerDuty's, GitHub's) link their schemas.
    static func web(_ count: Int) -> JSONValue {
        let defs = (0..<count).map { index -> (String, JSONValue) in
            let next = reference("S\((index + 1) % count)")
            let other = reference("S\((index * 7 + 3) % count)")
            let properties: JSONValue = .object(
                JSONObject([
                    ("id", ["type": "string"]),
                    ("count", ["type": "integer", "minimum": 0]),
                    ("next", next),
                    ("items", ["type": "array", "items": other]),
                    ("either", ["oneOf": [next, ["type": "string"]]]),
                    ("all", ["allOf": [other, ["type": "object"]]]),
                    ("any", ["anyOf": [["type": "array", "items": next], other]]),
                ]))
            return ("S\(index)", ["type": "object", "properties": properties])
        }
        return definitions(defs, root: "S0")
    }

    /// A chain of `depth` definitions, each holding the next under `next`.
    static func chain(_ depth: Int, required: Bool) -> JSONValue {
        let defs = (0..<depth).map { index -> (String, JSONValue) in
            var object = JSONObject([("type", "object")])
            if index + 1 < depth {
                object["properties"] = ["next": reference("D\(index + 1)")]
                if required { object["required"] = ["next"] }
            }
            return ("D\(index)", .object(object))
        }
        return definitions(defs, root: "D0")
    }

    /// Properties nested `depth` levels inside one schema value, no `$ref` at all.
    static func nested(_ depth: Int) -> JSONValue {
        var schema: JSONValue = ["type": "string"]
        for _ in 0..<depth {
            schema = [
                "type": "object", "properties": .object(JSONObject([("inner", schema)])),
                "required": ["inner"],
            ]
        }
        return schema
    }

    static let cases: [Case] = [
        Case(
            name: "a tree through an array and an optional property",
            document: definitions(
                [
                    (
                        "Node",
                        [
                            "type": "object",
                            "properties": [
                                "name": ["type": "string"],
                                "children": ["type": "array", "items": reference("Node")],
                                "parent": reference("Node"),
                            ],
                        ]
                    )
                ], root: "Node"), hasInstance: true),
        Case(
            name: "a required property that is the schema itself",
            document: definitions(
                [
                    (
                        "Loop",
                        ["type": "object", "required": ["next"], "properties": ["next": reference("Loop")]]
                    )
                ],
                root: "Loop"), hasInstance: false),
        Case(
            name: "anyOf whose first branch is the schema itself",
            document: definitions(
                [("Self", ["anyOf": [reference("Self"), ["type": "integer"]]])], root: "Self"),
            hasInstance: true),
        Case(
            name: "oneOf of a string or an array of itself",
            document: definitions(
                [
                    (
                        "Value",
                        [
                            "oneOf": [
                                ["type": "string"],
                                ["type": "array", "minItems": 1, "items": reference("Value")],
                            ]
                        ]
                    )
                ],
                root: "Value"), hasInstance: true),
        Case(
            name: "allOf of a base and a recursive extension",
            document: definitions(
                [
                    ("Base", ["type": "object", "properties": ["id": ["type": "integer"]]]),
                    ("Node", ["allOf": [reference("Base"), ["properties": ["next": reference("Node")]]]]),
                ], root: "Node"), hasInstance: true),
        Case(
            name: "allOf that is the schema itself",
            document: definitions(
                [("Knot", ["allOf": [reference("Knot")], "type": "object"])], root: "Knot"),
            hasInstance: false),
        Case(name: "a web of 60 schemas linked every way", document: web(60), hasInstance: true),
        Case(
            name: "a chain of 1,000 optional references", document: chain(1000, required: false),
            hasInstance: true),
        Case(
            name: "a chain of 1,000 required references", document: chain(1000, required: true),
            hasInstance: false),
        Case(name: "1,000 levels of nested properties", document: nested(1000), hasInstance: false),
    ]

    @Test("instances and boundary values, in a task group, without a crash", arguments: cases)
    func generation(_ testCase: Case) async {
        let generator = InstanceGenerator(document: testCase.document)
        let schema = testCase.document
        let outcomes = await withTaskGroup(of: (instance: JSONValue?, boundaries: [JSONValue]).self) {
            group in
            for seed in 0..<2 {
                group.addTask {
                    var rng = SeededRandom(seed: UInt64(seed))
                    let instance = try? generator.instance(for: schema, using: &rng)
                    return (instance, generator.boundaryInstances(for: schema, limit: 8))
                }
            }
            var all: [(instance: JSONValue?, boundaries: [JSONValue])] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        for outcome in outcomes {
            for value in [outcome.instance].compactMap({ $0 }) + outcome.boundaries {
                #expect(generator.conforms(value, to: schema), "\(value.compactText.prefix(200))")
            }
            if testCase.hasInstance {
                #expect(outcome.instance != nil)
                #expect(!outcome.boundaries.isEmpty)
            } else {
                #expect(outcome.instance == nil)
            }
        }
        _ = await Task { generator.simplestInstance(for: schema) }.value
    }
}
