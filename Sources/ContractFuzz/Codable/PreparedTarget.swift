import ConformHTTP
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
