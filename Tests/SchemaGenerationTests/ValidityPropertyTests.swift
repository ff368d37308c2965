import ConformTestSupport
import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration
import Testing

/// One schema to generate from, by where it sits.
struct SchemaSite: Sendable, CustomTestStringConvertible {
    var label: String
    var contract: Contract
    var pointers: [JSONPointer]
    var testDescription: String { label }
}

private let packageRoot = TestPaths.packageRoot

/// Every generated instance is valid by the schema it was generated from, as the validator judges.
@Suite("Generated instances are valid")
struct ValidityPropertyTests {
    static let instancesPerSchema = 1000
    /// Per schema of a contract or description; `CONFORM_GENERATION_INSTANCES=1000` runs the
    /// issue's figure.
    ///
    /// The default is the highest count that keeps this suite near 30 s in a debug `swift test` on
    /// the 2-core development machine. Measured alone after the generator's speed-ups (verdict
    /// memo, single-pass checker, references resolved once), with the keyword test beside it: 50
    /// per schema 22 s, 60 per schema 31 s of CPU, 70 per schema 31 s, 1000 per schema 425 s for
    /// the 15 contracts and descriptions (the debug build runs the generator and the validator
    /// unoptimised, about 0.4 s per instance-per-schema over the corpus). Hence 60; when other
    /// builds share the two cores, 60 takes 38–52 s of wall time. The 1000-instance run is the one
    /// to make before a release or after touching the generator.
    static let instancesPerContractSchema =
        ProcessInfo.processInfo.environment["CONFORM_GENERATION_INSTANCES"].flatMap { Int($0) } ?? 60

    /// Each keyword the validator knows, alone or with the keywords it is usually combined with.
    static let keywordSchemas: [(String, JSONValue)] = [
        ("pattern with format", ["type": "string", "format": "email", "pattern": "^[a-z]+@example\\.com$"]),
        ("pattern with date", ["type": "string", "format": "date", "pattern": "^20[0-9]{2}-"]),
        ("int32", ["type": "integer", "format": "int32"]),
        ("int64", ["type": "integer", "format": "int64", "minimum": 5]),
        (
            "uniqueItems",
            ["type": "array", "items": ["enum": [1, 2, 3, 4]], "uniqueItems": true, "minItems": 3]
        ),
        (
            "dependentRequired",
            [
                "type": "object", "properties": ["a": ["type": "integer"], "b": ["type": "string"]],
                "dependentRequired": ["a": ["b"]], "required": ["a"],
            ]
        ),
        (
            "dependentSchemas",
            [
                "type": "object", "properties": ["card": ["type": "string"]], "required": ["card"],
                "dependentSchemas": [
                    "card": ["required": ["billing"], "properties": ["billing": ["type": "string"]]]
                ],
            ]
        ),
        (
            "if/then/else",
            [
                "type": "object", "properties": ["kind": ["enum": ["a", "b"]], "n": ["type": "integer"]],
                "required": ["kind", "n"],
                "if": ["properties": ["kind": ["const": "a"]]],
                "then": ["properties": ["n": ["minimum": 10]]],
                "else": ["properties": ["n": ["maximum": -10]]],
            ]
        ),
        ("not", ["type": "integer", "not": ["multipleOf": 2], "minimum": 0, "maximum": 20]),
        (
            "contains/minContains",
            [
                "type": "array", "items": ["type": "integer"], "contains": ["minimum": 100], "minContains": 2,
                "maxContains": 3,
            ]
        ),
        (
            "propertyNames",
            ["type": "object", "propertyNames": ["pattern": "^x-[a-z]+$"], "minProperties": 1]
        ),
        (
            "patternProperties",
            [
                "type": "object", "patternProperties": ["^n_": ["type": "integer"]],
                "additionalProperties": false, "minProperties": 1,
            ]
        ),
        (
            "unevaluatedProperties",
            [
                "type": "object", "allOf": [["properties": ["a": ["type": "string"]]]],
                "properties": ["b": ["type": "boolean"]], "unevaluatedProperties": false,
            ]
        ),
        (
            "unevaluatedItems",
            ["type": "array", "prefixItems": [["type": "string"]], "unevaluatedItems": false]
        ),
        ("const and enum", ["allOf": [["enum": ["x", "y", 3]], ["const": "y"]]]),
        (
            "recursive $ref",
            [
                "$defs": [
                    "node": [
                        "type": "object", "required": ["v"],
                        "properties": ["v": ["type": "integer"], "next": ["$ref": "#/$defs/node"]],
                    ]
                ],
                "$ref": "#/$defs/node",
            ]
        ),
    ]

    @Test("each keyword family, a thousand instances each", arguments: keywordSchemas.map(\.0))
    func keywords(name: String) throws {
        let schemaValue = try #require(Self.keywordSchemas.first { $0.0 == name }?.1)
        let schema = try Schema(schemaValue, options: SchemaOptions(assertsFormats: true))
        let generator = InstanceGenerator(document: schemaValue)
        var random = SeededRandom(seed: 14, deriving: name)
        var invalid: [String] = []
        for _ in 0..<Self.instancesPerSchema {
            let value = try generator.instance(for: schemaValue, using: &random)
            if !schema.isValid(value), invalid.count < 3 { invalid.append(value.compactText) }
        }
        #expect(invalid.isEmpty, "\(invalid)")
    }

    static func sites() -> [SchemaSite] {
        var sites: [SchemaSite] = []
        let contractsFolder = packageRoot.appendingPathComponent("Contracts")
        var files = ((try? FileManager.default.contentsOfDirectory(atPath: contractsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { contractsFolder.appendingPathComponent($0).path }
        let corpus =
            ProcessInfo.processInfo.environment["CONFORM_OPENAPI_CORPUS"]
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi-corpus").path
        let v3 = URL(fileURLWithPath: corpus).appendingPathComponent("v3-json")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: v3.path) {
            files += names.filter { $0.hasSuffix(".json") }.sorted().map {
                v3.appendingPathComponent($0).path
            }
        } else {
            print(
                "skipped: \(v3.path) is absent; set CONFORM_OPENAPI_CORPUS to generate from the public descriptions too"
            )
        }
        for file in files {
            guard let contract = ContractLoader.read(file: file).contract else { continue }
            var pointers: [JSONPointer] = []
            if let names = contract.document["schemas"]?.objectValue?.keys {
                pointers += names.map { JSONPointer(tokens: ["schemas", $0]) }
            }
            for endpoint in contract.endpoints {
                pointers += endpoint.parameters.compactMap(\.schemaPointer)
                pointers += [endpoint.request?.schemaPointer].compactMap { $0 }
                pointers += endpoint.responses.compactMap(\.schemaPointer)
                pointers += endpoint.responses.flatMap { $0.headers.compactMap(\.schemaPointer) }
            }
            sites.append(
                SchemaSite(
                    label: URL(fileURLWithPath: file).lastPathComponent, contract: contract,
                    pointers: pointers))
        }
        return sites
    }

    @Test("every schema of every contract and public description", arguments: sites())
    func contractSchemas(_ site: SchemaSite) throws {
        let schemas = ContractSchemas(contract: site.contract)
        let generator = InstanceGenerator(document: site.contract.document, baseURI: site.contract.baseURI)
        var problems: [String] = []
        for pointer in site.pointers {
            guard let schema = pointer.resolve(in: site.contract.document) else { continue }
            var random = SeededRandom(seed: 14, deriving: pointer.description)
            var failures = 0
            var first = ""
            for _ in 0..<Self.instancesPerContractSchema {
                do {
                    let value = try generator.instance(for: schema, using: &random)
                    if !schemas.validate(value, at: pointer).isValid {
                        failures += 1
                        if first.isEmpty { first = String(value.compactText.prefix(200)) }
                    }
                } catch {
                    failures += 1
                    if first.isEmpty { first = "\(error)" }
                }
            }
            if failures > 0 { problems.append("\(pointer): \(failures) invalid, e.g. \(first)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
