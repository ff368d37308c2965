import ConformTestSupport
import JSONSchema
import SchemaGeneration
import Testing

@testable import ContractFuzz

@Suite("Payload plan")
struct PayloadPlanTests {
    /// The fixture's `MenuItem` in a list, and a record where a wrong type is often another
    /// branch's right type (so some candidate mutations are valid and must be passed over).
    static let document: JSONValue = {
        var schemas = MenuFixture.menu["schemas"]?.objectValue ?? JSONObject()
        schemas["Menu"] = [
            "type": "object", "required": ["items"], "additionalProperties": false,
            "properties": ["items": ["type": "array", "items": ["$ref": "#/schemas/MenuItem"]]],
        ]
        schemas["Record"] = [
            "type": "object", "required": ["code", "tags"],
            "properties": [
                "code": ["anyOf": [["type": "string", "minLength": 2], ["type": "integer"]]],
                "tags": ["type": "array", "maxItems": 3, "items": ["enum": ["a", "b", 12345]]],
                "note": ["type": ["string", "null"]],
            ],
        ]
        return ["schemas": .object(schemas)]
    }()

    /// The choice as it was made before candidates were judged lazily: every candidate of the
    /// first 16 valid instances judged, one mutation per kind and place, then round-robin.
    static func referenceMutations(valid: [FuzzPayload], schema: JSONValue, limit: Int) -> [Mutation] {
        let mutator = Mutator(document: document)
        let perInstance = valid.prefix(PayloadPlan.mutatedInstances).map {
            mutator.mutations(of: $0.value ?? .null, schema: schema)
        }
        var chosen: [(instance: Int, offset: Int)] = []
        var used: Set<[Int]> = []
        var places: Set<String> = []
        for (instance, mutations) in perInstance.enumerated() {
            for (offset, mutation) in mutations.enumerated() where chosen.count < limit {
                guard
                    places.insert(mutation.kind.rawValue + " " + CaseJudge.pattern(mutation.pointer)).inserted
                else { continue }
                chosen.append((instance, offset))
                used.insert([instance, offset])
            }
        }
        var round = 0
        while chosen.count < limit, perInstance.contains(where: { round < $0.count }) {
            for (instance, mutations) in perInstance.enumerated()
            where round < mutations.count && chosen.count < limit && !used.contains([instance, round]) {
                chosen.append((instance, round))
            }
            round += 1
        }
        return chosen.map { perInstance[$0.instance][$0.offset] }
    }

    @Test(
        "mutations judged only as the choice reaches them are those judging every candidate chose",
        arguments: [("Menu", 40, UInt64(3)), ("Menu", 300, 11), ("Record", 25, 5), ("Record", 400, 9)])
    func lazyChoiceMatchesEager(name: String, cases: Int, seed: UInt64) throws {
        let pointer = try #require(JSONPointer("/schemas/\(name)"))
        let validator = try Schema(document: Self.document, at: pointer, baseURI: "urn:test")
        let plan = PayloadPlan(
            document: Self.document, baseURI: "urn:test", schemaPointer: pointer, validator: validator)
        let payloads = plan.payloads(cases: cases, seed: seed)
        let valid = payloads.filter { $0.origin == .boundary || $0.origin == .random }
        let mutations = payloads.filter {
            if case .mutation = $0.origin { return true }
            return false
        }
        let expected = Self.referenceMutations(valid: valid, schema: plan.schema, limit: cases)
        #expect(!mutations.isEmpty)
        #expect(mutations.count == expected.count)
        for (payload, mutation) in zip(mutations, expected) {
            #expect(payload.origin == .mutation(mutation.kind, at: mutation.pointer))
            #expect(payload.value == mutation.value)
            #expect(payload.bytes == JSONSerializer().bytes(mutation.value))
            #expect(try validator.isValid(json: payload.bytes) == false)
        }
    }
}
