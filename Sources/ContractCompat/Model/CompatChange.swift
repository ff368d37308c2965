public import ContractKit

/// One difference between two descriptions that matters to someone: the rule it breaks or
/// satisfies, how severe it is, the operation, a sentence saying who breaks and how, and where it
/// stands (in the new file, or in the old one for something removed).
public struct CompatChange: Sendable, Hashable {
    /// Which description the location points into.
    public enum Side: String, Sendable, Hashable {
        case old
        case new
    }

    /// The rule id (`response-property-became-optional`).
    public var rule: String
    /// The level after `--clients` raised it and before any `--ignore` accepted it.
    public var level: CompatLevel
    public var direction: CompatDirection
    /// The operation, or nil for a change to the description as a whole; the first of ``reach``
    /// when the change reaches several.
    public var operation: CompatOperation?
    /// Every operation the change reaches, in the new description's order: one for a change of an
    /// operation, many for a change inside a schema they share; empty for a change to the
    /// description as a whole.
    public var reach: [CompatReach]
    /// One sentence: what changed, who breaks and how.
    public var message: String
    /// What the change does to a plain Swift `Codable` model of the old response, for response
    /// changes.
    public var codableEffect: String?
    public var location: SourceLocator.Location
    public var side: Side
    /// The reason an ignore entry gave for accepting this change; nil when it counts.
    public var acceptedBecause: String?
    /// What happened, apart from where it is felt (the predicate of a schema change): two
    /// occurrences at one place with the same rule and fact are one change.
    var fact: String
    /// The sentence said at the schema's place ("the property `name` of the schema `Owner` had its
    /// maxLength lowered …") for a change that reaches several operations; nil when the change is
    /// not inside a named schema.
    var sharedMessage: String?

    public init(
        rule: String, level: CompatLevel, direction: CompatDirection, operation: CompatOperation?,
        message: String, codableEffect: String? = nil, location: SourceLocator.Location, side: Side,
        acceptedBecause: String? = nil, reach: [CompatReach]? = nil
    ) {
        self.rule = rule
        self.level = level
        self.direction = direction
        self.operation = operation
        self.message = message
        self.codableEffect = codableEffect
        self.location = location
        self.side = side
        self.acceptedBecause = acceptedBecause
        self.reach = reach ?? operation.map { [CompatReach(operation: $0)] } ?? []
        fact = message
    }

    /// Whether an ignore entry accepted the change, so it no longer decides the verdict.
    public var isAccepted: Bool { acceptedBecause != nil }
}

/// A problem the loader found in one of the two descriptions: the part it concerns is compared as
/// far as it could be read, and the problem is reported beside the changes.
public struct CompatNote: Sendable, Hashable {
    public var side: CompatChange.Side
    public var problem: ContractProblem

    public init(side: CompatChange.Side, problem: ContractProblem) {
        self.side = side
        self.problem = problem
    }
}
