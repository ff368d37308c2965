import JSONSchema

extension SchemaDiff {
    /// The facts below one level: properties added, removed, made required or optional, flagged
    /// read-only or write-only, and changed; items, tuple items and the values of a map.
    mutating func structureDeltas(_ old: SchemaView, _ new: SchemaView) -> [SchemaDelta] {
        var deltas: [SchemaDelta] = []
        if old.accepts(.object) && new.accepts(.object) {
            let names = old.propertyOrder + new.propertyOrder.filter { old.properties[$0] == nil }
            for name in names { deltas += propertyDeltas(name, old, new) }
            // No `additionalProperties` is `{}`: any value (`false` on either side is not compared).
            if old.additionalProperties != nil || new.additionalProperties != nil,
                !old.refusesOtherProperties, !new.refusesOtherProperties
            {
                deltas += compare(old.additionalProperties ?? [], new.additionalProperties ?? []).map {
                    $0.nested(in: "additionalProperties", readOnly: false, writeOnly: false)
                }
            }
        }
        if old.accepts(.array) && new.accepts(.array) {
            if old.items != nil || new.items != nil {
                deltas += compare(old.items ?? [], new.items ?? []).map {
                    $0.nested(in: "items", readOnly: false, writeOnly: false)
                }
            }
            if old.prefixItems.count != new.prefixItems.count {
                let change: SchemaFact.KeywordChange =
                    old.prefixItems.isEmpty ? .added : new.prefixItems.isEmpty ? .removed : .changed
                deltas.append(
                    SchemaDelta(
                        fact: .keyword("prefixItems", change), path: [], old: old.place(of: "prefixItems"),
                        new: new.place(of: "prefixItems")))
            }
            for index in 0..<min(old.prefixItems.count, new.prefixItems.count) {
                deltas += compare(old.prefixItems[index], new.prefixItems[index]).map {
                    $0.nested(in: String(index), readOnly: false, writeOnly: false)
                        .nested(in: "prefixItems", readOnly: false, writeOnly: false)
                }
            }
        }
        return deltas
    }

    private mutating func propertyDeltas(_ name: String, _ old: SchemaView, _ new: SchemaView)
        -> [SchemaDelta]
    {
        let oldParts = old.properties[name]
        let newParts = new.properties[name]
        if let oldParts, let newParts, old.required.contains(name) == new.required.contains(name),
            isUnchanged(oldParts, newParts)
        {
            // Written alike and referring only to schemas that did not change: nothing to find.
            return []
        }
        let oldChild = oldParts.map { self.old.view(of: $0) }
        let newChild = newParts.map { self.new.view(of: $0) }
        let readOnly = (oldChild?.readOnly ?? false) || (newChild?.readOnly ?? false)
        let writeOnly = (oldChild?.writeOnly ?? false) || (newChild?.writeOnly ?? false)
        func fact(_ fact: SchemaFact, old oldPlace: JSONPointer?, new newPlace: JSONPointer?) -> SchemaDelta {
            SchemaDelta(
                fact: fact, path: [name], old: oldPlace, new: newPlace, underReadOnly: readOnly,
                underWriteOnly: writeOnly)
        }
        guard let oldParts, let newParts, let oldChild, let newChild else {
            if oldParts != nil {
                return [
                    fact(
                        .propertyRemoved(required: old.required.contains(name)),
                        old: old.place(ofProperty: name), new: nil)
                ]
            }
            var added = fact(
                .propertyAdded(required: new.required.contains(name)), old: nil,
                new: new.place(ofProperty: name))
            added.hasDefault = newChild?.defaultValue != nil
            return [added]
        }
        var deltas: [SchemaDelta] = []
        let wasRequired = old.required.contains(name)
        if wasRequired != new.required.contains(name) {
            var change = fact(
                wasRequired ? .becameOptional : .becameRequired, old: old.place(of: "required"),
                new: new.place(of: "required"))
            change.hasDefault = newChild.defaultValue != nil
            deltas.append(change)
        }
        let places = (old.place(ofProperty: name), new.place(ofProperty: name))
        if oldChild.readOnly != newChild.readOnly {
            deltas.append(fact(.readOnly(newChild.readOnly), old: places.0, new: places.1))
        }
        if oldChild.writeOnly != newChild.writeOnly {
            deltas.append(fact(.writeOnly(newChild.writeOnly), old: places.0, new: places.1))
        }
        deltas += compare(oldParts, newParts).map {
            $0.nested(in: name, readOnly: readOnly, writeOnly: writeOnly)
        }
        return deltas
    }
}
