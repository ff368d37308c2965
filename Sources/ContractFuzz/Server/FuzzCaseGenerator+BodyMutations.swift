import ContractKit
import JSONSchema

/// The body's schema violations: which places of the body a run breaks, in which order, and how
/// every place is reached once whatever the budget.
extension FuzzCaseGenerator {
    /// The valid request whose body holds the most values (the first of equals), which the body's
    /// violations break; nil when no valid request has a body to break.
    func fullest(of requests: [FuzzRequest]) -> FuzzRequest? {
        var best: (request: FuzzRequest, size: Int)?
        for request in requests where request.intent == .positive {
            guard let object = object(of: request.draft.body) else { continue }
            let size = Self.valueCount(object)
            if size > best?.size ?? 0 { best = (request, size) }
        }
        return best?.request
    }

    /// How many values `value` holds, itself included.
    static func valueCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): return 1 + object.members.reduce(0) { $0 + valueCount($1.value) }
        case .array(let elements): return 1 + elements.reduce(0) { $0 + valueCount($1) }
        default: return 1
        }
    }

    /// At most this many requests of body coverage per endpoint.
    static let bodyCoverageLimit = 48

    /// The first violation at each place of the body (a property, an element) that `sent` did not
    /// break: every property given a wrong value once whatever `--cases` is, as the closest peer's
    /// coverage phase does. A server reads an invalid body before acting on it, so these cost
    /// little; Prefect answers 500 to any value of the wrong type in a task run's
    /// `empirical_policy`, its tenth property, which five invalid requests never reached.
    func bodyCoverage(_ mutated: [(pointer: JSONPointer, request: FuzzRequest)], besides sent: [FuzzRequest])
        -> [FuzzRequest]
    {
        let sentIntents = Set(sent.map(\.intent))
        var covered = Set(mutated.filter { sentIntents.contains($0.request.intent) }.map(\.pointer))
        var extra: [FuzzRequest] = []
        for entry in mutated where extra.count < Self.bodyCoverageLimit {
            guard covered.insert(entry.pointer).inserted else { continue }
            extra.append(entry.request)
        }
        return extra
    }

    /// The body's schema violations, breadth first, each with the place it breaks: built from
    /// `valid`'s body, with `valid`'s parameters.
    func bodyMutations(from valid: FuzzRequest) -> [(pointer: JSONPointer, request: FuzzRequest)] {
        guard let spec = endpoint.request, let object = object(of: valid.draft.body),
            let schema = requestSchema,
            let pointer = spec.schemaPointer
        else { return [] }
        let base = ParameterSet(valid.draft)
        let mutator = Mutator(generator: generator)
        return Self.breadthFirst(mutator.mutations(of: object, schema: schema)).compactMap { mutation in
            guard let encoded = body(mutation.value, type: spec.contentType),
                !schemas.validate(encoded.readBack, at: pointer).isValid
            else { return nil }
            let intent = FuzzRequest.Intent.negative("body\(mutation.summary) (\(mutation.kind.label))")
            return (mutation.pointer, request(intent, base, encoded.body))
        }
    }

    /// The mutations reordered so a small budget still reaches every place: each place's most
    /// telling break first (a missing required key, bounds, enums, patterns and lax coercions
    /// before the rest), one place
    /// after another, then the second break of each place, and so on.
    static func breadthFirst(_ mutations: [Mutation]) -> [Mutation] {
        let priority: [Mutation.Kind] = [
            .missingRequired, .outOfRange, .enumViolation, .constViolation, .patternMismatch, .wrongType,
            .tooLong, .tooShort, .notInteger, .notMultipleOf,
        ]
        // A number sent as its text (`"2000"`) comes before every other kind: lax coercion is the
        // validation bug servers have most, and a server that refuses it refuses the rest too.
        func rank(_ mutation: Mutation) -> Int {
            if mutation.kind == .wrongType,
                case .string(let text)? = mutation.pointer.resolve(in: mutation.value),
                Double(text) != nil
            {
                return -1
            }
            return priority.firstIndex(of: mutation.kind) ?? priority.count
        }
        var byPlace: [(JSONPointer, [Mutation])] = []
        for mutation in mutations {
            if let index = byPlace.firstIndex(where: { $0.0 == mutation.pointer }) {
                byPlace[index].1.append(mutation)
            } else {
                byPlace.append((mutation.pointer, [mutation]))
            }
        }
        let queues = byPlace.map { entry in
            entry.1.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
                \.element)
        }
        var ordered: [Mutation] = []
        var round = 0
        while ordered.count < mutations.count {
            for queue in queues where round < queue.count { ordered.append(queue[round]) }
            round += 1
        }
        return ordered
    }
}
