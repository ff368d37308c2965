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

/// Which broken rules make a `looser` finding fail a test; the others are reported as warnings.
///
/// The default, `codable`, is what a plain `Codable` model can express, so a correct model passes
/// and a model that silently accepts a missing field, a wrong type or an unknown enum value fails.
/// A model that rejects unknown keys in its `init(from:)` opts in to `additionalProperties`:
///
/// ```swift
/// CodableFuzzer(contract: contract, failingRules: .codable.adding(.additionalProperties))
/// ```
public struct FailingRules: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case all
        case only(Set<SchemaRule>)
    }

    private var storage: Storage

    /// `required`, `type`, `enum` and `const`: what plain `Codable` expresses.
    public static let codable = FailingRules(storage: .only([.required, .type, .enum, .const]))
    /// Every rule fails: for models that validate everything in `init(from:)`.
    public static let all = FailingRules(storage: .all)
    /// No looser finding fails (all are warnings).
    public static let none = FailingRules(storage: .only([]))

    /// Exactly `rules`.
    public static func only(_ rules: Set<SchemaRule>) -> FailingRules { FailingRules(storage: .only(rules)) }

    /// These rules and `rules`.
    public func adding(_ rules: SchemaRule...) -> FailingRules {
        guard case .only(let current) = storage else { return self }
        return FailingRules(storage: .only(current.union(rules)))
    }

    /// Whether breaking `rule` fails.
    public func contains(_ rule: SchemaRule) -> Bool {
        switch storage {
        case .all: return true
        case .only(let rules): return rules.contains(rule)
        }
    }

    public var description: String {
        switch storage {
        case .all: return "every rule"
        case .only(let rules): return rules.sorted().map(\.rawValue).joined(separator: ", ")
        }
    }
}
