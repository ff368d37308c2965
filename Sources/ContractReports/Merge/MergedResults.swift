public import ContractKit

/// One merged run and what the merge noticed on the way.
public struct MergedResults: Sendable, Hashable {
    public var result: RunResult
    /// Things a person should know but that do not stop the merge: a case run by several shards with
    /// different outcomes, shards that seem to be missing, differing tool versions or seeds.
    public var warnings: [String]
}
