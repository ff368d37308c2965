public import ContractKit

/// One place a change reaches: an operation, and what the changed schema is there ("the response
/// property `owner/name` for status 200"), with where the operation uses it.
///
/// A change inside a schema shared by many operations is one finding at the schema's place; its
/// reach says which operations feel it, so a report lists the change once and the operations
/// below it instead of repeating it for each.
public struct CompatReach: Sendable, Hashable {
    public var operation: CompatOperation
    /// What the changed thing is in this operation, for a sentence; empty for a change of the
    /// operation itself.
    public var subject: String
    /// Where the operation uses the schema (its body, parameter or header), when the change is
    /// inside a schema.
    public var usedAt: SourceLocator.Location?

    public init(operation: CompatOperation, subject: String = "", usedAt: SourceLocator.Location? = nil) {
        self.operation = operation
        self.subject = subject
        self.usedAt = usedAt
    }
}
