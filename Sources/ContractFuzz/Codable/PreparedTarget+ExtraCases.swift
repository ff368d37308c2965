import JSONSchema

extension PreparedTarget {
    /// Valid payloads the plan does not make, which app models commonly trip on, appended after
    /// it (so case indices of the plan stay as they are): an unknown key in each object the
    /// contract leaves open (a model that rejects unknown keys is stricter there), each list with
    /// its first element repeated (a model that indexes items by id traps on it), and large
    /// values for each `number` the contract bounds by nothing above (`Int(price)` traps past
    /// `Int.max`, a loop may run to a million). Built from the plan's first valid payload; only
    /// those the schema accepts are kept.
    func extraCases(after planned: [Case]) -> [Case] {
        guard let template = Self.fullest(planned) else { return [] }
        let places = Places(template)
        var candidates: [(origin: FuzzPayload.Origin, value: JSONValue)] = []
        for object in places.objects {
            guard let members = object.resolve(in: template)?.objectValue,
                members["unexpectedProperty"] == nil
            else { continue }
            candidates.append(
                (
                    .mutation(.unknownKey, at: object),
                    template.replacing(
                        at: object.appending("unexpectedProperty"), with: .string("unexpected"))
                ))
        }
        for array in places.arrays {
            // The first element again: ids and names that repeat, which the contract allows unless
            // it says `uniqueItems` (`Dictionary(uniqueKeysWithValues:)` traps on them).
            guard let elements = array.resolve(in: template)?.arrayValue, let first = elements.first else {
                continue
            }
            candidates.append((.boundary, template.replacing(at: array, with: .array(elements + [first]))))
        }
        for number in places.numbers {
            // Only where a fraction is allowed too: integers already reach Int64's ends, and a
            // bigger one would fail every `Int` property.
            let fraction: Double = 0.5
            guard let half = JSONNumber(fraction),
                schema.isValid(template.replacing(at: number, with: .number(half)))
            else { continue }
            for large in [1e7, 1e19] {
                guard let value = JSONNumber(large) else { continue }
                candidates.append((.boundary, template.replacing(at: number, with: .number(value))))
            }
        }
        return candidates.prefix(16).compactMap { candidate in
            let validation = schema.validate(candidate.value)
            guard validation.isValid else { return nil }
            return Case(
                payload: FuzzPayload(origin: candidate.origin, value: candidate.value), validation: validation
            )
        }
    }

    /// The fullest of the plan's first valid payloads (the very first may be `{"items":[]}`).
    private static func fullest(_ planned: [Case]) -> JSONValue? {
        func size(_ node: JSONValue) -> Int {
            switch node {
            case .object(let object): return 1 + object.members.reduce(0) { $0 + size($1.value) }
            case .array(let elements): return 1 + elements.reduce(0) { $0 + size($1) }
            case .string, .number, .bool, .null: return 1
            }
        }
        let valid = planned.lazy.filter {
            ($0.payload.origin == .boundary || $0.payload.origin == .random) && $0.validation?.isValid == true
        }
        .compactMap(\.payload.value).prefix(20)
        return valid.max(by: { size($0) < size($1) })
    }

    /// The objects, non-empty lists and numbers of a payload, one place per pattern (every item
    /// of a list is the same schema), 32 at most.
    private struct Places {
        var objects: [JSONPointer] = []
        var numbers: [JSONPointer] = []
        var arrays: [JSONPointer] = []
        private var patterns: Set<String> = []

        init(_ template: JSONValue) { walk(template, .root) }

        private mutating func walk(_ node: JSONValue, _ pointer: JSONPointer) {
            guard objects.count + numbers.count + arrays.count < 32 else { return }
            switch node {
            case .object(let object):
                if patterns.insert("{} " + CaseJudge.pattern(pointer)).inserted { objects.append(pointer) }
                for member in object.members { walk(member.value, pointer.appending(member.key)) }
            case .array(let elements):
                if !elements.isEmpty, patterns.insert("[] " + CaseJudge.pattern(pointer)).inserted {
                    arrays.append(pointer)
                }
                for (index, element) in elements.enumerated() { walk(element, pointer.appending(index)) }
            case .number:
                if patterns.insert(CaseJudge.pattern(pointer)).inserted { numbers.append(pointer) }
            case .string, .bool, .null:
                return
            }
        }
    }
}
