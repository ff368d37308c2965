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

    /// A body made of the fullest value of each member among the bodies the server accepted
    /// (the first of equals), sent with the parameters of the fullest of them; nil when it is one
    /// of them already or the schema does not accept it.
    ///
    /// Each part was accepted, but not all together: a member that stands in for another (Kinto's
    /// `defaults.path` for each request's `path`) is only present beside what it stands in for
    /// here, so breaking the body's places in it finds what removing one of them leaves
    /// accepted.
    func merged(of accepted: [FuzzRequest]) -> FuzzRequest? {
        guard let spec = endpoint.request, let pointer = spec.schemaPointer,
            let base = fullest(of: accepted)
        else { return nil }
        var members: [(key: String, value: JSONValue, size: Int)] = []
        for request in accepted where request.intent == .positive {
            guard case .object(let object)? = object(of: request.draft.body) else { continue }
            for (key, value) in object.members {
                let size = Self.valueCount(value)
                if let index = members.firstIndex(where: { $0.key == key }) {
                    if size > members[index].size { members[index] = (key, value, size) }
                } else {
                    members.append((key, value, size))
                }
            }
        }
        let value = JSONValue.object(JSONObject(members.map { ($0.key, $0.value) }))
        guard let encoded = body(value, type: spec.contentType),
            schemas.validate(encoded.readBack, at: pointer).isValid
        else { return nil }
        var request = base
        request.draft.body = encoded.body
        let key = Self.key(of: request.draft)
        guard !accepted.contains(where: { Self.key(of: $0.draft) == key }) else { return nil }
        request.intent = .probe("the fullest accepted value of each body member, together")
        return request
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

    /// The first violation at each place of the body (a property, an element) not in `covered`:
    /// every property given a wrong value once whatever `--cases` is, as the closest peer's
    /// coverage phase does. A server reads an invalid body before acting on it, so these cost
    /// little; Prefect answers 500 to any value of the wrong type in a task run's
    /// `empirical_policy`, its tenth property, which five invalid requests never reached.
    func bodyCoverage(
        _ mutated: [(pointer: JSONPointer, request: FuzzRequest)], besides covered: Set<JSONPointer>
    ) -> [FuzzRequest] {
        var covered = covered
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
