import JSONSchema

/// The named schemas (`#/schemas/Name`) that two contract documents hold alike, along with every
/// schema they refer to: comparing two references to one of them can find nothing, so it is
/// skipped. Most of a large description is unchanged between two versions, so this keeps the
/// comparison of two 3 MB descriptions quick.
enum SettledSchemas {
    static func names(old: JSONValue, new: JSONValue) -> Set<String> {
        guard case .object(let oldSchemas)? = old["schemas"], case .object(let newSchemas)? = new["schemas"]
        else {
            return []
        }
        var references: [String: Set<String>] = [:]
        for member in oldSchemas.members where newSchemas[member.key] == member.value {
            var found = Set<String>()
            var isLocal = true
            collect(member.value, into: &found, isLocal: &isLocal)
            if isLocal { references[member.key] = found }
        }
        // Drop names that refer to a schema that is not settled, until nothing changes.
        var settled = Set(references.keys)
        var changed = true
        while changed {
            changed = false
            for name in settled where !(references[name] ?? []).isSubset(of: settled) {
                settled.remove(name)
                changed = true
            }
        }
        return settled
    }

    /// Whether every reference inside `value` names a settled schema.
    static func isSettled(_ value: JSONValue, _ settled: Set<String>) -> Bool {
        var found = Set<String>()
        var isLocal = true
        collect(value, into: &found, isLocal: &isLocal)
        return isLocal && found.isSubset(of: settled)
    }

    /// The schema names referred to inside `value`; `isLocal` turns false at a reference to
    /// anything else.
    private static func collect(_ value: JSONValue, into names: inout Set<String>, isLocal: inout Bool) {
        switch value {
        case .object(let object):
            for member in object.members {
                if member.key == "$ref", let reference = member.value.stringValue {
                    if let name = schemaName(reference) { names.insert(name) } else { isLocal = false }
                } else {
                    collect(member.value, into: &names, isLocal: &isLocal)
                }
            }
        case .array(let elements):
            for element in elements { collect(element, into: &names, isLocal: &isLocal) }
        default: break
        }
    }

    /// `Pet` for `#/schemas/Pet` (and `#/schemas/Pet/properties/id`).
    private static func schemaName(_ reference: String) -> String? {
        guard reference.hasPrefix("#/schemas/"), let pointer = JSONPointer(String(reference.dropFirst())),
            pointer.tokens.count >= 2
        else { return nil }
        return pointer.tokens[1]
    }
}
