import JSONSchema

extension SchemaFact {
    /// The suffix of the rule id: `enum-value-added`, `max-length-set`, `type-generalized`.
    func idSuffix(in direction: CompatDirection) -> String {
        switch self {
        case .type(_, _, let effect), .format(_, _, let effect):
            return "type-" + Self.shapeWord(effect, direction)
        case .becameNullable: return "became-nullable"
        case .becameNotNullable: return "became-not-nullable"
        case .constChanged: return "const-changed"
        case .enumValueAdded: return "enum-value-added"
        case .enumValueRemoved: return "enum-value-removed"
        case .becameEnum: return "became-enum"
        case .becameNotEnum: return "became-not-enum"
        case .bound(let keyword, let change): return "\(keyword.idPart)-\(change.idPart)"
        case .multipleOf(let old, let new, let effect):
            if old == nil { return "multiple-of-set" }
            if new == nil { return "multiple-of-unset" }
            return "multiple-of-" + Self.shapeWord(effect, direction)
        case .uniqueItems(let unique): return unique ? "unique-items-set" : "unique-items-unset"
        case .pattern(let old, let new):
            return old == nil ? "pattern-added" : new == nil ? "pattern-removed" : "pattern-changed"
        case .propertyAdded, .propertyRemoved: return "property"
        case .becameRequired: return "became-required"
        case .becameOptional: return "became-optional"
        case .readOnly(let on): return on ? "became-read-only" : "became-not-read-only"
        case .writeOnly(let on): return on ? "became-write-only" : "became-not-write-only"
        case .alternativeAdded(let composition, _): return "\(composition.suffix)-added"
        case .alternativeRemoved(let composition, _): return "\(composition.suffix)-removed"
        case .defaultValue(let old, let new):
            return old == nil
                ? "default-value-added" : new == nil ? "default-value-removed" : "default-value-changed"
        case .becameFalse(let never): return never ? "schema-became-false" : "schema-became-not-false"
        case .unresolvedReference: return "unresolved-reference"
        case .keyword(let name, let change):
            let word = Self.plainKeywords[name] ?? Self.structureKeywords[name] ?? name
            return name == "contentMediaType" || name == "contentEncoding"
                ? "\(word)-changed" : "\(word)-\(change.rawValue)"
        case .keywordEntry(let name, _, let change):
            return "\(Self.entryKeywords[name] ?? name)-\(change.rawValue)"
        }
    }

    /// `generalized` for a widening, `specialized` for a narrowing of a response, else `changed`
    /// (a narrowing request change is a plain change in the established ids).
    private static func shapeWord(_ effect: Effect, _ direction: CompatDirection) -> String {
        switch effect {
        case .widens: return "generalized"
        case .narrows where direction == .response: return "specialized"
        default: return "changed"
        }
    }

    /// What happened, as the predicate of a sentence whose subject is the schema: "gained the enum
    /// value \"refunded\"", "had its maximum lowered from 100 to 50".
    var predicate: String {
        switch self {
        case .type(let old, let new, _): return "changed type from \(old) to \(new)"
        case .format(let old, let new, _):
            guard let old else { return "gained the format \(new ?? "")" }
            guard let new else { return "lost the format \(old)" }
            return "changed format from \(old) to \(new)"
        case .becameNullable: return "may now be null"
        case .becameNotNullable: return "may no longer be null"
        case .constChanged(let old, let new):
            return "changed its const from \(old.compactText) to \(new.compactText)"
        case .enumValueAdded(let value): return "gained the enum value \(value.compactText)"
        case .enumValueRemoved(let value): return "lost the enum value \(value.compactText)"
        case .becameEnum(let values):
            return
                "is now limited to the values \(values.prefix(8).map(\.compactText).joined(separator: ", "))"
        case .becameNotEnum: return "is no longer limited to a list of values"
        case .bound(let keyword, let change): return Self.boundPredicate(keyword, change)
        case .multipleOf(let old, let new, _):
            guard let old else { return "must now be a multiple of \(new?.description ?? "")" }
            guard let new else { return "no longer has to be a multiple of \(old)" }
            return "must now be a multiple of \(new) instead of \(old)"
        case .uniqueItems(let unique):
            return unique ? "now requires unique items" : "no longer requires unique items"
        case .pattern(let old, let new):
            guard let old else { return "gained the pattern `\(new ?? "")`" }
            guard let new else { return "lost the pattern `\(old)`" }
            return "changed pattern from `\(old)` to `\(new)`"
        case .propertyAdded(let required): return required ? "was added as a required property" : "was added"
        case .propertyRemoved(let required): return required ? "was removed (it was required)" : "was removed"
        case .becameRequired: return "became required"
        case .becameOptional: return "became optional"
        case .readOnly(let on): return on ? "became read-only" : "is no longer read-only"
        case .writeOnly(let on): return on ? "became write-only" : "is no longer write-only"
        case .alternativeAdded(let composition, let name):
            return "gained the \(composition.rawValue) alternative \(name)"
        case .alternativeRemoved(let composition, let name):
            return "lost the \(composition.rawValue) alternative \(name)"
        case .defaultValue(let old, let new):
            guard let old else { return "gained the default \(new?.compactText ?? "")" }
            guard let new else { return "lost the default \(old.compactText)" }
            return "changed its default from \(old.compactText) to \(new.compactText)"
        case .becameFalse(let never):
            return never ? "became `false`, which no value satisfies" : "is no longer `false`"
        case .keyword(let name, let change):
            switch change {
            case .added: return "gained `\(name)`"
            case .removed: return "lost `\(name)`"
            case .changed: return "changed its `\(name)`"
            }
        case .keywordEntry(let name, let entry, let change):
            let verb = change == .added ? "gained" : change == .removed ? "lost" : "changed"
            return "\(verb) the `\(name)` entry `\(entry)`"
        case .unresolvedReference(let reference):
            return "refers to `\(reference)`, which names nothing in its description"
        }
    }

    private static func boundPredicate(_ keyword: BoundKeyword, _ change: BoundChange) -> String {
        let name = keyword.rawValue
        switch change {
        case .increased(let old, let new) where old == new:
            return keyword.isLower ? "now excludes its minimum \(new)" : "now includes its maximum \(new)"
        case .decreased(let old, let new) where old == new:
            return keyword.isLower ? "now includes its minimum \(new)" : "now excludes its maximum \(new)"
        case .increased(let old, let new): return "had its \(name) raised from \(old) to \(new)"
        case .decreased(let old, let new): return "had its \(name) lowered from \(old) to \(new)"
        case .set(let value): return "gained a \(name) of \(value)"
        case .unset(let value): return "lost its \(name) of \(value)"
        }
    }
}
