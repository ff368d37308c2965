/// A JSON Schema rule a payload can break, named by its keyword (`required`, `type`, `minLength` …).
///
/// Every `looser` finding says which rule the model let through, so a test can decide which rules
/// matter: plain `Codable` can express `required`, `type`, `enum` and `const` (a non-optional
/// property, a Swift type, an enum), but not `minLength`, `pattern` or `minimum` without a custom
/// `init(from:)`. See `FailingRules`.
public struct SchemaRule: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The keyword, as the schema spells it.
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let required: SchemaRule = "required"
    public static let type: SchemaRule = "type"
    public static let `enum`: SchemaRule = "enum"
    public static let const: SchemaRule = "const"
    public static let additionalProperties: SchemaRule = "additionalProperties"
    public static let minLength: SchemaRule = "minLength"
    public static let maxLength: SchemaRule = "maxLength"
    public static let pattern: SchemaRule = "pattern"
    public static let format: SchemaRule = "format"
    public static let minimum: SchemaRule = "minimum"
    public static let maximum: SchemaRule = "maximum"
    public static let exclusiveMinimum: SchemaRule = "exclusiveMinimum"
    public static let exclusiveMaximum: SchemaRule = "exclusiveMaximum"
    public static let multipleOf: SchemaRule = "multipleOf"
    public static let minItems: SchemaRule = "minItems"
    public static let maxItems: SchemaRule = "maxItems"
    public static let uniqueItems: SchemaRule = "uniqueItems"

    public var description: String { rawValue }

    public static func < (lhs: SchemaRule, rhs: SchemaRule) -> Bool { lhs.rawValue < rhs.rawValue }
}
