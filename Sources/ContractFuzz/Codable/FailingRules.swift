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
