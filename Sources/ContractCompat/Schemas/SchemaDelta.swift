public import JSONSchema

/// One fact found by ``SchemaDiff``, with where it stands: the property path from the compared
/// schema's root (`items/price`), and the pointers into each contract document of the keyword or
/// schema concerned.
struct SchemaDelta: Sendable, Hashable {
    var fact: SchemaFact
    /// Property names and `items` from the root of the compared schema.
    var path: [String]
    /// The place in the old contract document; nil when the thing is new.
    var old: JSONPointer?
    /// The place in the new contract document; nil when the thing is gone.
    var new: JSONPointer?
    /// Whether the change sits in a property marked `readOnly` (it does not matter in requests).
    var underReadOnly = false
    /// Whether the change sits in a property marked `writeOnly` (it does not matter in responses).
    var underWriteOnly = false
    /// Whether the property a requiredness fact is about has a `default`: a server fills in what
    /// an old client leaves out.
    var hasDefault = false

    /// The delta seen from one level up: `name` put in front of its path, and the property's own
    /// access flags added.
    func nested(in name: String, readOnly: Bool, writeOnly: Bool) -> SchemaDelta {
        var copy = self
        copy.path.insert(name, at: 0)
        copy.underReadOnly = copy.underReadOnly || readOnly
        copy.underWriteOnly = copy.underWriteOnly || writeOnly
        return copy
    }
}
