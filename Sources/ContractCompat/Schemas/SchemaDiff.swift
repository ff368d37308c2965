import JSONSchema

/// Compares a schema of the old contract with one of the new, fact by fact, down through
/// properties, items and alternatives, following `$ref`s on both sides.
///
/// A pair of references is compared once and remembered, so a schema shared by many operations
/// costs one comparison whatever the number of uses, and a recursive schema (a tree, a linked list)
/// ends where it refers back to itself. Named schemas that are the same in both documents, along
/// with everything they refer to, are skipped outright (``SettledSchemas``).
struct SchemaDiff {
    let old: SchemaReader
    let new: SchemaReader
    private let settled: Set<String>
    private var memo: [String: [SchemaDelta]] = [:]
    /// The reference pairs being compared, outermost first, each with whether a cycle was cut
    /// inside it (then its result is partial and not remembered).
    private var active: [(key: String, isPartial: Bool)] = []
    private var depth = 0

    /// The deepest nesting compared; deeper levels of a hostile document are not compared.
    static let maximumDepth = 200

    init(old: JSONValue, new: JSONValue) {
        self.old = SchemaReader(document: old)
        self.new = SchemaReader(document: new)
        settled = SettledSchemas.names(old: old, new: new)
    }

    /// Every fact that tells `old` from `new`, paths relative to them.
    mutating func compare(_ old: [SchemaPart], _ new: [SchemaPart]) -> [SchemaDelta] {
        guard depth < Self.maximumDepth else { return [] }
        depth += 1
        defer { depth -= 1 }
        guard let key = Self.referenceKey(old, new) else {
            if isUnchanged(old, new) { return [] }
            return compareViews(old, new)
        }
        if key.sameName.map(settled.contains) == true { return [] }
        if let known = memo[key.text] { return known }
        if let index = active.firstIndex(where: { $0.key == key.text }) {
            for later in active.indices where later > index { active[later].isPartial = true }
            return []
        }
        active.append((key.text, false))
        let result = compareViews(old, new)
        if let last = active.popLast(), !last.isPartial { memo[key.text] = result }
        return result
    }

    /// Whether two lists of parts are written alike and refer only to settled schemas, so that
    /// comparing them can find nothing.
    func isUnchanged(_ old: [SchemaPart], _ new: [SchemaPart]) -> Bool {
        old.count == new.count && zip(old, new).allSatisfy { $0.value == $1.value }
            && old.allSatisfy { SettledSchemas.isSettled($0.value, settled) }
    }

    /// For a reference on each side and nothing else, the pair's key, and the schema name when both
    /// name the same schema.
    private static func referenceKey(_ old: [SchemaPart], _ new: [SchemaPart]) -> (
        text: String, sameName: String?
    )? {
        guard old.count == 1, new.count == 1, let oldReference = reference(old[0].value),
            let newReference = reference(new[0].value)
        else { return nil }
        var name: String?
        if oldReference == newReference, oldReference.hasPrefix("#/schemas/") {
            name = String(oldReference.dropFirst("#/schemas/".count))
        }
        return (oldReference + "|" + newReference, name)
    }

    private static func reference(_ value: JSONValue) -> String? {
        guard case .object(let object) = value, object.count == 1 else { return nil }
        return object["$ref"]?.stringValue
    }

    private mutating func compareViews(_ oldParts: [SchemaPart], _ newParts: [SchemaPart]) -> [SchemaDelta] {
        var oldView = old.view(of: oldParts)
        var newView = new.view(of: newParts)
        // Maps as alternatives folded into one map (or unfolded) accept the same objects when the
        // one map's values are the alternatives' values: compared as maps.
        if newView.isMap, let folded = old.foldedMap(oldView) { oldView = folded }
        if oldView.isMap, let folded = new.foldedMap(newView) { newView = folded }
        guard !oldView.isUnresolved, !newView.isUnresolved else {
            // A reference that names nothing is reported where it stands (in the new description
            // when both have one), and the schema is not compared rather than read as "any value".
            let side = newView.isUnresolved ? newView : oldView
            let fact = SchemaFact.unresolvedReference(side.unresolvedReference ?? "")
            return [
                SchemaDelta(
                    fact: fact, path: [], old: newView.isUnresolved ? nil : oldView.pointer,
                    new: newView.isUnresolved ? newView.pointer : nil)
            ]
        }
        var deltas: [SchemaDelta] = []
        if oldView.alternatives != nil || newView.alternatives != nil {
            deltas += compareAlternatives(oldParts, oldView, newParts, newView)
            // A schema wrapped in (or unwrapped from) alternatives is compared through the
            // alternative that matches it, not keyword by keyword.
            if (oldView.alternatives == nil) != (newView.alternatives == nil) { return deltas }
        }
        deltas += Self.keywordDeltas(oldView, newView)
        deltas += subSchemaDeltas(oldView, newView)
        deltas += structureDeltas(oldView, newView)
        return deltas
    }
}
