public import JSONSchema

/// One structural difference between two schemas, stated without a direction ("the maximum went
/// from 100 to 50"); ``Judgement`` decides what it means in a request or a response.
///
/// Keeping the facts free of direction lets one comparison of a shared schema serve every place it
/// is used: the same facts are judged once for a request body and once for a response.
enum SchemaFact: Sendable, Hashable {
    /// The JSON types accepted changed (`string` → `integer`), with what that does.
    case type(from: String, to: String, Effect)
    /// `format` was added, removed or changed.
    case format(from: String?, to: String?, Effect)
    case becameNullable
    case becameNotNullable
    /// The one value a `const` allows changed.
    case constChanged(from: JSONValue, to: JSONValue)
    case enumValueAdded(JSONValue)
    case enumValueRemoved(JSONValue)
    case becameEnum([JSONValue])
    case becameNotEnum
    /// A numeric, length, item-count or property-count bound changed.
    case bound(BoundKeyword, BoundChange)
    case multipleOf(from: JSONNumber?, to: JSONNumber?, Effect)
    case uniqueItems(Bool)
    case pattern(from: String?, to: String?)
    case propertyAdded(required: Bool)
    case propertyRemoved(required: Bool)
    case becameRequired
    case becameOptional
    case readOnly(Bool)
    case writeOnly(Bool)
    case alternativeAdded(Composition, name: String)
    case alternativeRemoved(Composition, name: String)
    case defaultValue(from: JSONValue?, to: JSONValue?)
    /// A `$ref` of the schema names nothing in its description: the schema is not compared.
    case unresolvedReference(String)
    /// The schema became `false` (nothing is valid), or stopped being `false`.
    case becameFalse(Bool)
    /// A less common keyword (`if`, `contains`, `propertyNames`, `contentMediaType`, …) added,
    /// removed or changed.
    case keyword(String, KeywordChange)
    /// An entry of `dependentRequired`, `dependentSchemas` or `patternProperties` added, removed or
    /// changed.
    case keywordEntry(String, name: String, KeywordChange)

    /// How a keyword or an entry changed.
    enum KeywordChange: String, Sendable, Hashable {
        case added, removed, changed
    }

    /// The keywords compared only as present, absent or different, with the words of their ids.
    static let plainKeywords: [String: String] = [
        "if": "if", "then": "then", "else": "else", "contains": "contains", "not": "not",
        "propertyNames": "property-names", "unevaluatedItems": "unevaluated-items",
        "unevaluatedProperties": "unevaluated-properties", "contentSchema": "content-schema",
        "contentMediaType": "content-media-type", "contentEncoding": "content-encoding",
    ]

    /// The keywords of structure reported as added, removed or changed besides what is compared
    /// inside them (a tuple's `prefixItems` gaining or losing places), with the words of their ids.
    static let structureKeywords: [String: String] = ["prefixItems": "prefix-items"]

    /// The keywords whose entries are compared one by one, with the words of their ids.
    static let entryKeywords: [String: String] = [
        "dependentRequired": "dependent-required", "dependentSchemas": "dependent-schema",
        "patternProperties": "pattern-property",
    ]

    /// `oneOf` or `anyOf`.
    enum Composition: String, Sendable, Hashable {
        case oneOf
        case anyOf

        var suffix: String { self == .oneOf ? "one-of" : "any-of" }
    }

    /// What the change does to the values the schema accepts.
    var effect: Effect {
        switch self {
        case .type(_, _, let effect), .format(_, _, let effect), .multipleOf(_, _, let effect): return effect
        case .constChanged: return .incomparable
        case .becameNullable, .enumValueAdded, .becameNotEnum, .becameOptional: return .widens
        case .becameNotNullable, .enumValueRemoved, .becameEnum, .becameRequired: return .narrows
        case .bound(let keyword, let change): return change.effect(for: keyword)
        case .uniqueItems(let unique): return unique ? .narrows : .widens
        case .pattern(let old, let new):
            return old == nil ? .narrows : new == nil ? .widens : .uncertain
        case .propertyAdded(let required): return required ? .narrows : .neutral
        case .propertyRemoved(let required): return required ? .widens : .uncertain
        case .alternativeAdded: return .widens
        case .alternativeRemoved: return .narrows
        case .readOnly, .writeOnly, .defaultValue: return .neutral
        case .unresolvedReference: return .uncertain
        case .becameFalse(let never): return never ? .narrows : .widens
        case .keyword(let name, let change), .keywordEntry(let name, _, let change):
            // A content type or encoding says how to read a string: any change misreads old values.
            if name == "contentMediaType" || name == "contentEncoding" { return .incomparable }
            switch change {
            case .added: return .narrows
            case .removed: return .widens
            case .changed: return name == "dependentRequired" ? .incomparable : .uncertain
            }
        }
    }
}

/// The bound keywords, by what they limit.
enum BoundKeyword: String, Sendable, Hashable, CaseIterable {
    case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    case minLength, maxLength, minItems, maxItems, minProperties, maxProperties, minContains, maxContains

    /// Whether the keyword is a lower bound (raising it refuses values).
    var isLower: Bool {
        switch self {
        case .minimum, .exclusiveMinimum, .minLength, .minItems, .minProperties, .minContains: return true
        default: return false
        }
    }

    /// Whether the keyword bounds a length or a count (not a number).
    var isCount: Bool { ![.minimum, .exclusiveMinimum, .maximum, .exclusiveMaximum].contains(self) }

    /// `max-length`, as rule ids spell it.
    var idPart: String {
        switch self {
        case .minimum: return "min"
        case .exclusiveMinimum: return "exclusive-min"
        case .maximum: return "max"
        case .exclusiveMaximum: return "exclusive-max"
        case .minLength: return "min-length"
        case .maxLength: return "max-length"
        case .minItems: return "min-items"
        case .maxItems: return "max-items"
        case .minProperties: return "min-properties"
        case .maxProperties: return "max-properties"
        case .minContains: return "min-contains"
        case .maxContains: return "max-contains"
        }
    }
}

/// How a bound changed, with its values as written.
enum BoundChange: Sendable, Hashable {
    case increased(from: JSONNumber, to: JSONNumber)
    case decreased(from: JSONNumber, to: JSONNumber)
    case set(JSONNumber)
    case unset(JSONNumber)

    var idPart: String {
        switch self {
        case .increased: return "increased"
        case .decreased: return "decreased"
        case .set: return "set"
        case .unset: return "unset"
        }
    }

    func effect(for keyword: BoundKeyword) -> Effect {
        switch self {
        case .set: return .narrows
        case .unset: return .widens
        case .increased: return keyword.isLower ? .narrows : .widens
        case .decreased: return keyword.isLower ? .widens : .narrows
        }
    }
}
