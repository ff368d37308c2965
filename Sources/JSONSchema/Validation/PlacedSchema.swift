/// A schema and the place it was met, as a dictionary key: compared in full, hashed cheaply by the
/// place and the schema's member names.
///
/// Caches of per-schema work (the validator's compiled schemas, the generator's flattened
/// constraints) meet the same few schemas again and again, and hashing a whole schema tree would
/// cost as much as the work saved. The place and the member names tell apart the schemas met at one
/// place (every schema the mutator walks sits at the root). The names are combined whatever their
/// order, since equal objects (`==`) may list their members differently: equal keys must hash
/// equally, or a dictionary traps on duplicate keys.
package struct PlacedSchema: Hashable, Sendable {
    package var schema: JSONValue
    package var location: JSONPointer?

    package init(schema: JSONValue, location: JSONPointer?) {
        self.schema = schema
        self.location = location
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        guard case .object(let object) = schema else { return }
        hasher.combine(object.count)
        var names = 0
        for member in object.members {
            var name = Hasher()
            name.combine(member.key)
            names ^= name.finalize()
        }
        hasher.combine(names)
    }
}
