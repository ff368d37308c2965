package import JSONSchema
import Synchronization

/// The `Constraints` each schema location flattens to, kept for the generator's lifetime.
///
/// Every generated value starts by flattening its schema (following `$ref`s, folding `allOf`), and a
/// fuzz run generates thousands of values from the same few locations: the items of an array
/// flattened the same `$ref` once per item. Flattening is a pure function of the schema, its
/// location and the document, so the result is looked up instead. Entries are hashed by location
/// and compared in full (location and schema), since one location can carry a synthesised schema.
package final class FlattenCache: Sendable {
    private struct Key: Hashable {
        var location: JSONPointer
        var schema: JSONValue

        func hash(into hasher: inout Hasher) { hasher.combine(location) }
    }

    private let entries = Mutex<[Key: Constraints]>([:])
    /// Enough for any contract; the cache is cleared past it rather than grow without bound.
    private static let capacity = 4096

    package init() {}

    package func constraints(for schema: JSONValue, at location: JSONPointer) -> Constraints? {
        entries.withLock { $0[Key(location: location, schema: schema)] }
    }

    /// Stores `constraints` with its `GenerationPlan` and returns them as stored.
    package func store(_ constraints: Constraints, for schema: JSONValue, at location: JSONPointer,
        generator: InstanceGenerator) -> Constraints
    {
        var planned = constraints
        planned.plan = GenerationPlan(constraints, generator: generator)
        store(planned, for: schema, at: location)
        return planned
    }

    private func store(_ constraints: Constraints, for schema: JSONValue, at location: JSONPointer) {
        entries.withLock {
            if $0.count >= Self.capacity { $0.removeAll() }
            $0[Key(location: location, schema: schema)] = constraints
        }
    }
}
