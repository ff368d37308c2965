public import JSONSchema

/// One schema as written at one place of a contract document: the conjunction of a list of these
/// is what a property, an item or a body must satisfy (`allOf` parts, a `$ref` and its siblings).
struct SchemaPart: Sendable, Hashable {
    var value: JSONValue
    var pointer: JSONPointer
    /// A schema made by the reader (maps folded into one), not the one written at `pointer`.
    var isMade = false
}

/// The JSON types a schema may accept, with numbers split so that `integer` is a part of `number`.
enum JSONKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case string, integer, fraction, boolean, object, array

    /// The kinds a `type` name stands for.
    static func kinds(of name: String) -> [JSONKind] {
        switch name {
        case "number": return [.integer, .fraction]
        case "integer": return [.integer]
        case "string": return [.string]
        case "boolean": return [.boolean]
        case "object": return [.object]
        case "array": return [.array]
        default: return []
        }
    }

    /// The kind of an instance value (nil for null).
    static func kind(of value: JSONValue) -> JSONKind? {
        switch value {
        case .null: return nil
        case .bool: return .boolean
        case .number(let number): return number.isInteger ? .integer : .fraction
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// `integer or string`, `number`: type names as a person writes them; `any type` for nil.
    static func describe(_ kinds: Set<JSONKind>?) -> String {
        guard var kinds else { return "any type" }
        var names: [String] = []
        if kinds.contains(.integer) && kinds.contains(.fraction) {
            names.append("number")
            kinds.subtract([.integer, .fraction])
        }
        names += kinds.sorted().map { $0 == .fraction ? "non-integer number" : $0.rawValue }
        return names.isEmpty ? "nothing" : names.sorted().joined(separator: " or ")
    }

    static func < (lhs: JSONKind, rhs: JSONKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a schema says at one level, merged over its `$ref`s and `allOf` parts, with `null`
/// alternatives folded into ``nullable``: the keywords ``SchemaDiff`` compares, and the parts of
/// the properties, items and alternatives below, left unread until they are compared.
struct SchemaView: Sendable {
    /// Where the schema stands (its first part); nil for the empty schema that stands for "any".
    var pointer: JSONPointer?
    /// The schema is `false`: nothing is valid.
    var isNever = false
    /// A `$ref` of the schema names nothing (the loader reports it): what it stands for is unknown,
    /// so the schema is not compared rather than read as "any value".
    var isUnresolved = false
    /// The reference that names nothing, when ``isUnresolved``.
    var unresolvedReference: String?
    /// Accepted kinds; nil when the schema does not restrict the type.
    var kinds: Set<JSONKind>?
    /// Whether `null` is explicitly accepted.
    var nullable = false
    var enumValues: [JSONValue]?
    var format: String?
    var pattern: String?
    var lower: (value: JSONNumber, exclusive: Bool)?
    var upper: (value: JSONNumber, exclusive: Bool)?
    /// `minLength` … `maxProperties`.
    var counts: [BoundKeyword: JSONNumber] = [:]
    var multipleOf: JSONNumber?
    var uniqueItems = false
    var propertyOrder: [String] = []
    var properties: [String: [SchemaPart]] = [:]
    var required: Set<String> = []
    var items: [SchemaPart]?
    var prefixItems: [[SchemaPart]] = []
    var additionalProperties: [SchemaPart]?
    /// `additionalProperties: false`: no property but those named.
    var refusesOtherProperties = false
    var alternatives: (composition: SchemaFact.Composition, parts: [[SchemaPart]])?
    var readOnly = false
    var writeOnly = false
    var defaultValue: JSONValue?
    /// The less common keywords compared as present, absent or different (`if`, `contains`,
    /// `dependentRequired`, …), by name.
    var otherKeywords: [String: JSONValue] = [:]
    /// The named schema this view was reached through (`Pet` for `#/schemas/Pet.request`).
    var name: String?
    var title: String?
    /// Where each keyword was found, for locations.
    var keywordPointers: [String: JSONPointer] = [:]

    /// Whether values of `kind` may be valid.
    func accepts(_ kind: JSONKind) -> Bool { !isNever && (kinds?.contains(kind) ?? true) }

    /// The place of `keyword` when this schema has it, else of the schema.
    func place(of keyword: String) -> JSONPointer? { keywordPointers[keyword] ?? pointer }

    /// The place of the property `name` (the key in `properties`).
    func place(ofProperty name: String) -> JSONPointer? {
        properties[name]?.first?.pointer ?? pointer
    }
}
