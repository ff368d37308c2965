import ContractKit
import JSONSchema

/// A fuzz target resolved in a contract: its schema compiled, and (per case count and seed) its
/// payloads with the contract's verdict on each.
///
/// Both are pure functions of the contract document, the target, the case count and the seed, and
/// cost more than decoding the payloads, so they are cached for the process: a suite that fuzzes
/// several models (or broken variants of one) against the same schema generates and validates the
/// payloads once.
struct PreparedTarget: Sendable {
    let pointer: JSONPointer
    let name: String
    let schema: Schema
    /// `schema` with `format` asserted (the same schema when the contract asserts formats), which
    /// shrinking keeps to; nil when it does not compile.
    let shrinkSchema: Schema?
    private let contract: Contract

    /// One payload of the plan with the schema's verdict on it (nil for bytes that are not JSON).
    struct Case: Sendable {
        var payload: FuzzPayload
        var validation: ValidationResult?
    }

    private struct Key: Hashable {
        var document: JSONValue
        var baseURI: String
        var pointer: JSONPointer
        var cases: Int
        var seed: UInt64
    }

    private static let schemas = Locked<[Key: Schema]>([:])
    private static let plans = Locked<[Key: [Case]]>([:])
    /// Enough for a large suite; the cache is cleared past it rather than grow without bound.
    private static let capacity = 64

    static func make(contract: Contract, target: FuzzTarget, cases: Int, seed: UInt64)
        throws(PreparationError)
        -> PreparedTarget
    {
        let resolved: (pointer: JSONPointer, name: String)
        do {
            resolved = try target.resolve(in: contract)
        } catch {
            throw .target(error)
        }
        let key = Key(
            document: contract.document, baseURI: contract.baseURI, pointer: resolved.pointer, cases: 0,
            seed: 0)
        let schema: Schema
        if let cached = schemas.withLock({ $0[key] }) {
            schema = cached
        } else {
            do {
                schema = try ContractSchemas.shared(for: contract).schema(at: resolved.pointer)
            } catch {
                throw .schema(resolved.pointer, error)
            }
            schemas.withLock {
                if $0.count >= capacity { $0.removeAll() }
                $0[key] = schema
            }
        }
        var shrinkSchema: Schema? = schema
        if !contract.assertsFormats {
            var formatKey = key
            formatKey.cases = -1
            if let cached = schemas.withLock({ $0[formatKey] }) {
                shrinkSchema = cached
            } else {
                shrinkSchema = try? Schema(
                    document: contract.document, at: resolved.pointer, baseURI: contract.baseURI,
                    options: SchemaOptions(assertsFormats: true))
                if let shrinkSchema {
                    schemas.withLock {
                        if $0.count >= capacity { $0.removeAll() }
                        $0[formatKey] = shrinkSchema
                    }
                }
            }
        }
        return PreparedTarget(
            pointer: resolved.pointer, name: resolved.name, schema: schema, shrinkSchema: shrinkSchema,
            contract: contract)
    }

    /// The run's payloads in order, each with its validation.
    func cases(count: Int, seed: UInt64) -> [Case] {
        let key = Key(
            document: contract.document, baseURI: contract.baseURI, pointer: pointer, cases: count, seed: seed
        )
        if let cached = Self.plans.withLock({ $0[key] }) { return cached }
        let plan = PayloadPlan(
            document: contract.document, baseURI: contract.baseURI, schemaPointer: pointer, validator: schema)
        var planned = plan.payloads(cases: count, seed: seed).map { payload in
            Case(payload: payload, validation: PayloadPlan.verdict(of: payload, by: schema))
        }
        planned += extraCases(after: planned)
        Self.plans.withLock {
            if $0.count >= Self.capacity { $0.removeAll() }
            $0[key] = planned
        }
        return planned
    }
}

/// Why a target cannot be fuzzed.
extension PreparedTarget {
    /// Valid payloads the plan does not make, which app models commonly trip on, appended after
    /// it (so case indices of the plan stay as they are): an unknown key in each object the
    /// contract leaves open (a model that rejects unknown keys is stricter there), each list with
    /// its first element repeated (a model that indexes items by id traps on it), and large
    /// values for each `number` the contract bounds by nothing above (`Int(price)` traps past
    /// `Int.max`, a loop may run to a million). Built from the plan's first valid payload; only
    /// those the schema accepts are kept.
    func extraCases(after planned: [Case]) -> [Case] {
        // The fullest of the first valid payloads (the very first may be `{"items":[]}`).
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
        guard let template = valid.max(by: { size($0) < size($1) }) else { return [] }
        // One place per pattern: every item of a list is the same schema.
        var objects: [JSONPointer] = []
        var numbers: [JSONPointer] = []
        var arrays: [JSONPointer] = []
        var patterns: Set<String> = []
        func walk(_ node: JSONValue, _ pointer: JSONPointer) {
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
        walk(template, .root)
        var candidates: [(origin: FuzzPayload.Origin, value: JSONValue)] = []
        for object in objects {
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
        for array in arrays {
            // The first element again: ids and names that repeat, which the contract allows unless
            // it says `uniqueItems` (`Dictionary(uniqueKeysWithValues:)` traps on them).
            guard let elements = array.resolve(in: template)?.arrayValue, let first = elements.first else {
                continue
            }
            candidates.append((.boundary, template.replacing(at: array, with: .array(elements + [first]))))
        }
        for number in numbers {
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
}

enum PreparationError: Error, CustomStringConvertible {
    case target(FuzzTargetError)
    case schema(JSONPointer, SchemaError)

    var description: String {
        switch self {
        case .target(let error): return error.description
        case .schema(let pointer, let error):
            return "the contract's schema at \(pointer.displayText) cannot be used: \(error)"
        }
    }
}
