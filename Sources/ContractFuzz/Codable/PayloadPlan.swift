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
    /// validator that also gives the run's verdicts (formats asserted as the run asserts them).
    let validator: Schema?

    init(document: JSONValue, baseURI: String, schemaPointer: JSONPointer, validator: Schema? = nil) {
        generator = InstanceGenerator.shared(document: document, baseURI: baseURI)
        mutator = Mutator(generator: generator)
        schema = .object(JSONObject([("$ref", .string("#" + schemaPointer.description))]))
        self.validator = validator
    }

    /// `cases` valid payloads, up to `cases` mutations, and every malformed body.
    func payloads(cases: Int, seed: UInt64) -> [FuzzPayload] {
        let valid = validPayloads(count: cases, seed: seed)
        var result = valid
        result += mutations(of: valid, limit: cases)
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
    ///
    /// Only the candidates the choice reaches are built, serialized and judged: a plan takes a few
    /// hundred of the thousands the first instances offer. The choice is the one judging every
    /// candidate first would make (`MutationQueue`).
    private func mutations(of instances: [FuzzPayload], limit: Int) -> [FuzzPayload] {
        var queues = instances.prefix(Self.mutatedInstances).compactMap { payload -> MutationQueue? in
            guard let instance = payload.value, isValid(payload.bytes, instance) else { return nil }
            return MutationQueue(root: instance, candidates: mutator.candidates(of: instance, schema: schema))
        }
        let judge = { (bytes: [UInt8], value: JSONValue) in isValid(bytes, value) }
        var chosen: [FuzzPayload] = []
        var used: Set<Int> = []
        // A place is a kind at a pointer pattern (`/items/*/id`); each pattern gets a number once.
        var places: Set<Int> = []
        var patterns: [JSONPointer: Int] = [:]
        var patternNumbers: [String: Int] = [:]
        func identity(_ instance: Int, _ candidate: Int) -> Int { instance * 1_000_000 + candidate }
        for instance in queues.indices {
            for index in queues[instance].candidates.indices where chosen.count < limit {
                let pointer = queues[instance].candidates[index].pointer
                let pattern =
                    patterns[pointer]
                    ?? {
                        let text = CaseJudge.pattern(pointer)
                        let number = patternNumbers[text] ?? patternNumbers.count
                        patternNumbers[text] = number
                        patterns[pointer] = number
                        return number
                    }()
                let kind = Mutation.Kind.allCases.firstIndex(of: queues[instance].candidates[index].kind) ?? 0
                let place = pattern * Mutation.Kind.allCases.count + kind
                guard !places.contains(place), let payload = queues[instance].judged(index, by: judge) else {
                    continue
                }
                places.insert(place)
                chosen.append(payload)
                used.insert(identity(instance, index))
            }
        }
        var round = 0
        var offered = true
        while chosen.count < limit, offered {
            offered = false
            for instance in queues.indices where chosen.count < limit {
                guard let (index, payload) = queues[instance].mutation(ranked: round, by: judge) else {
                    continue
                }
                offered = true
                if used.insert(identity(instance, index)).inserted { chosen.append(payload) }
            }
            round += 1
        }
        return chosen
    }

    /// Whether the schema accepts an instance, judged on its bytes by the compiled schema when the
    /// plan has it (as the run's verdicts are), else on the value by the generator's validator.
    private func isValid(_ bytes: [UInt8], _ value: JSONValue) -> Bool {
        if let validator, let verdict = try? validator.isValid(json: bytes) { return verdict }
        return generator.matches(value, schema)
    }
}
