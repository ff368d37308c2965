package import JSONSchema
import Synchronization

/// The `Constraints` each schema location flattens to, kept for the generator's lifetime.
///
/// Every generated value starts by flattening its schema (following `$ref`s, folding `allOf`), and a
/// fuzz run generates thousands of values from the same few locations: the items of an array
/// flattened the same `$ref` once per item. Flattening is a pure function of the schema, its
/// location and the document, so the result is looked up instead, keyed by ``PlacedSchema`` (one
/// location can carry several schemas: a synthesised `allOf`, or the mutator's, all at the root).
package final class FlattenCache: Sendable {
    private let entries = Mutex<[PlacedSchema: Constraints]>([:])
    /// Enough for any contract; the cache is cleared past it rather than grow without bound.
    private static let capacity = 4096

    package init() {}

    /// The planned constraints of `schema` at `location`, flattened by `generator` on first use.
    package func planned(_ schema: JSONValue, at location: JSONPointer, generator: InstanceGenerator)
        throws(GenerationError) -> Constraints
    {
        if let known = constraints(for: schema, at: location) { return known }
        return store(
            try generator.flatten(schema, at: location, hops: 0), for: schema, at: location,
            generator: generator)
    }

    package func constraints(for schema: JSONValue, at location: JSONPointer) -> Constraints? {
        entries.withLock { $0[PlacedSchema(schema: schema, location: location)] }
    }

    /// Stores `constraints` with its `GenerationPlan` and returns them as stored.
    package func store(
        _ constraints: Constraints, for schema: JSONValue, at location: JSONPointer,
        generator: InstanceGenerator
    ) -> Constraints {
        var planned = constraints
        planned.plan = GenerationPlan(constraints, generator: generator)
        store(planned, for: schema, at: location)
        return planned
    }

    private func store(_ constraints: Constraints, for schema: JSONValue, at location: JSONPointer) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll() }
            $0[PlacedSchema(schema: schema, location: location)] = constraints
        }
    }
}
