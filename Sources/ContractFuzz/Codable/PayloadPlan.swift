import JSONSchema
import SchemaGeneration

/// The ordered, reproducible list of payloads of one fuzz run.
///
/// Boundary instances come first (they find most bugs), then random valid instances from the seed,
/// then one-rule-broken mutations of those instances, then the byte-level malformed bodies. The
/// list is a pure function of the schema, the case count and the seed, so a case index printed in
/// a report names the same payload on every machine.
struct PayloadPlan {
    let generator: InstanceGenerator
    let mutator: Mutator
    let schema: JSONValue
    /// The schema at the pointer compiled, when the caller has it: mutations are then judged by the
    /// validator that also gives the run's verdicts, instead of the generator's slower checker.
    let validator: Schema?

    init(document: JSONValue, baseURI: String, schemaPointer: JSONPointer, validator: Schema? = nil) {
        generator = InstanceGenerator(document: document, baseURI: baseURI)
        mutator = Mutator(generator: generator)
        schema = .object(JSONObject([("$ref", .string("#" + schemaPointer.description))]))
        self.validator = validator
    }

    /// `cases` valid payloads, up to `cases` mutations, and every malformed body.
    func payloads(cases: Int, seed: UInt64) -> [FuzzPayload] {
        let valid = validPayloads(count: cases, seed: seed)
        var result = valid
        result += mutations(of: valid.compactMap(\.value), limit: cases)
        let template = valid.first?.value ?? .object(JSONObject())
        for body in MalformedBody.allCases {
            result.append(
                FuzzPayload(origin: .malformed(body), value: nil, bytes: body.bytes(from: template)))
        }
        return result
    }

    private func validPayloads(count: Int, seed: UInt64) -> [FuzzPayload] {
        guard count > 0 else { return [] }
        let boundaries = generator.boundaryInstances(for: schema, limit: max(1, count / 2))
        var result = boundaries.map { FuzzPayload(origin: .boundary, value: $0) }
        var rng = SeededRandom(seed: seed)
        var failures = 0
        while result.count < count, failures < count {
            do {
                result.append(
                    FuzzPayload(origin: .random, value: try generator.instance(for: schema, using: &rng)))
            } catch {
                failures += 1
            }
        }
        return result
    }

    /// The schema's verdict on `payload` (nil for bytes that are not JSON), as the run judges it.
    ///
    /// A generated instance is judged on the bytes the model decodes, by the tape validator, which
    /// decides a valid document without building a tree; a mutation (invalid by construction) is
    /// judged on its value, so its errors come without reading the bytes twice.
    static func verdict(of payload: FuzzPayload, by schema: Schema) -> ValidationResult? {
        guard let value = payload.value else { return nil }
        switch payload.origin {
        case .boundary, .random:
            if let result = try? schema.validate(json: payload.bytes) { return result }
            return schema.validate(value)
        default:
            return schema.validate(value)
        }
    }

    /// How many valid instances are mutated; mutating each of hundreds adds little but time.
    static let mutatedInstances = 16

    /// One mutation per distinct kind and place first (so `outOfRange at /items/*/id` is tried even
    /// when the root has many mutations), then the rest round-robin across instances.
    private func mutations(of instances: [JSONValue], limit: Int) -> [FuzzPayload] {
        let perInstance = instances.prefix(Self.mutatedInstances).map { instance in
            if let validator { return mutator.mutations(of: instance, schema: schema, judgedBy: validator) }
            return mutator.mutations(of: instance, schema: schema)
        }
        var chosen: [(instance: Int, offset: Int)] = []
        var used: Set<Int> = []
        var places: Set<String> = []
        func identity(_ instance: Int, _ offset: Int) -> Int { instance * 1_000_000 + offset }
        for (instance, mutations) in perInstance.enumerated() {
            for (offset, mutation) in mutations.enumerated() where chosen.count < limit {
                guard
                    places.insert(mutation.kind.rawValue + " " + CaseJudge.pattern(mutation.pointer)).inserted
                else { continue }
                chosen.append((instance, offset))
                used.insert(identity(instance, offset))
            }
        }
        var round = 0
        while chosen.count < limit, perInstance.contains(where: { round < $0.count }) {
            for (instance, mutations) in perInstance.enumerated()
            where round < mutations.count && chosen.count < limit && !used.contains(identity(instance, round))
            {
                chosen.append((instance, round))
            }
            round += 1
        }
        return chosen.map { choice in
            let mutation = perInstance[choice.instance][choice.offset]
            return FuzzPayload(origin: .mutation(mutation.kind, at: mutation.pointer), value: mutation.value)
        }
    }
}
