public import JSONSchema
import SchemaGeneration

/// Turns a valid instance into schema-invalid variants, one broken rule at a time.
///
/// It walks the instance alongside its schema and, at every location, proposes the classic
/// validation gaps: wrong type, `null`, missing required keys, unknown keys in closed objects,
/// numbers outside their range, strings and arrays of the wrong size, pattern and enum violations.
/// Each candidate is checked against the whole schema and dropped when it happens to be valid
/// (a wrong type that another `anyOf` branch accepts), so every returned mutation must be rejected.
/// The output depends only on the inputs: no randomness is involved.
///
/// ```swift
/// let mutator = Mutator(document: contract)
/// for mutation in mutator.mutations(of: order, schema: ["$ref": "#/schemas/Order"]) { … }
/// ```
public struct Mutator: Sendable {
    let generator: InstanceGenerator
    /// Whether to propose `formatViolation`s, which only validators asserting `format` reject.
    public var includesFormatViolations: Bool

    public init(document: JSONValue, baseURI: String = "", includesFormatViolations: Bool = false) {
        self.init(
            generator: InstanceGenerator.shared(document: document, baseURI: baseURI),
            includesFormatViolations: includesFormatViolations)
    }

    /// Shares a generator already built for the document (building one indexes the whole document).
    init(generator: InstanceGenerator, includesFormatViolations: Bool = false) {
        self.generator = generator
        self.includesFormatViolations = includesFormatViolations
    }

    /// Every mutation of `instance`, in document order; empty when `instance` is not itself valid.
    public func mutations(of instance: JSONValue, schema: JSONValue) -> [Mutation] {
        guard generator.matches(instance, schema) else { return [] }
        return candidates(of: instance, schema: schema).compactMap { candidate in
            let mutation = candidate.mutation(of: instance)
            return generator.matches(mutation.value, schema) ? nil : mutation
        }
    }

    /// Every proposed edit of `instance` (assumed valid), in document order, without the mutated
    /// instances: a caller that needs only some of them builds and judges just those
    /// (`Candidate.mutation(of:)`); one that judges all gets exactly `mutations(of:schema:)`.
    ///
    /// Two edits that put the same value at the same place give the same payload, so only the first
    /// is kept (a removed required key is always kept: its kind is the finding). Comparing edits is
    /// far cheaper than building and hashing every mutated instance whole, and since equal edits
    /// give equal instances, dropping them before judging keeps exactly what judging first kept.
    func candidates(of instance: JSONValue, schema: JSONValue) -> [Candidate] {
        var candidates: [Candidate] = []
        walk(instance, schema: schema, pointer: .root, into: &candidates, depth: 0)
        var seen: Set<Candidate.Edit> = []
        seen.reserveCapacity(candidates.count)
        return candidates.filter { candidate in
            seen.insert(candidate.edit).inserted || candidate.kind == .missingRequired
        }
    }

    /// One proposed mutation: what it breaks, where, and the edit that makes it; the mutated
    /// instance is built only on demand.
    struct Candidate {
        struct Edit: Hashable {
            var target: JSONPointer
            var replacement: JSONValue?
        }

        var kind: Mutation.Kind
        var pointer: JSONPointer
        /// What the edit breaks, written when the mutation is built.
        var describe: () -> String
        var edit: Edit

        /// The mutation this edit makes of `root`, the instance it was proposed for.
        func mutation(of root: JSONValue) -> Mutation {
            Mutation(
                kind: kind, pointer: pointer, description: "\(pointer.displayText): \(describe())",
                value: root.replacing(at: edit.target, with: edit.replacement))
        }
    }

    private func walk(
        _ value: JSONValue, schema: JSONValue, pointer: JSONPointer, into result: inout [Candidate],
        depth: Int
    ) {
        guard depth < 64, let constraints = resolvedConstraints(value, schema) else { return }
        for edit in edits(for: value, constraints) {
            let target = edit.key.map { pointer.appending($0) } ?? pointer
            result.append(
                Candidate(
                    kind: edit.kind, pointer: pointer,
                    describe: edit.describe,
                    edit: Candidate.Edit(target: target, replacement: edit.replacement)))
        }
        let keywords = constraints.keywords
        switch value {
        case .object(let object):
            let properties = keywords["properties"]?.objectValue ?? JSONObject()
            let patterns = keywords["patternProperties"]?.objectValue ?? JSONObject()
            for (key, child) in object {
                var schemas: [JSONValue] = properties[key].map { [$0] } ?? []
                for (pattern, schema) in patterns where PatternMatcher.matches(key, pattern: pattern) == true
                {
                    schemas.append(schema)
                }
                if schemas.isEmpty, let additional = keywords["additionalProperties"] {
                    schemas.append(additional)
                }
                guard !schemas.isEmpty else { continue }
                let childSchema = schemas.count == 1 ? schemas[0] : JSONValue.array(schemas).wrapped("allOf")
                walk(
                    child, schema: childSchema, pointer: pointer.appending(key), into: &result,
                    depth: depth + 1)
            }
        case .array(let elements):
            let prefix = keywords["prefixItems"]?.arrayValue ?? []
            for (index, child) in elements.enumerated() {
                guard let childSchema = index < prefix.count ? prefix[index] : keywords["items"] else {
                    continue
                }
                walk(
                    child, schema: childSchema, pointer: pointer.appending(index), into: &result,
                    depth: depth + 1)
            }
        default:
            break
        }
    }

    /// The schema's keywords at this location with the branches the value actually takes merged in.
    private func resolvedConstraints(_ value: JSONValue, _ schema: JSONValue) -> Constraints? {
        guard var constraints = try? generator.flattened.planned(schema, at: .root, generator: generator)
        else {
            return nil
        }
        var decided = 0
        while let choice = constraints.choices.first, decided < 16 {
            decided += 1
            constraints.choices.removeFirst()
            let branch = choice.branches.enumerated().first {
                generator.matches(value, $0.element, at: choice.location.appending($0.offset))
            }?.element
            guard let branch, let flat = try? generator.flatten(branch, at: choice.location, hops: 0),
                let merged = try? constraints.merging(flat)
            else { continue }
            constraints = merged
        }
        return constraints
    }
}
