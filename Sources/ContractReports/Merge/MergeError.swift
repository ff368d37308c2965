public import ContractKit

/// Why shard results could not be merged into one run.
public enum MergeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No results were given.
    case noResults
    /// The result at `index` (0-based) is from another contract or another version of it.
    case contractMismatch(index: Int, expected: String, found: String)

    public var description: String {
        switch self {
        case .noResults:
            return "nothing to merge: pass the results file of every shard"
        case .contractMismatch(let index, let expected, let found):
            return "result \(index + 1) is for contract \(found), but the first is for \(expected): "
                + "merge only the shards of one run of one contract version"
        }
    }
}

/// One merged run and what the merge noticed on the way.
public struct MergedResults: Sendable, Hashable {
    public var result: RunResult
    /// Things a person should know but that do not stop the merge: a case run by several shards with
    /// different outcomes, shards that seem to be missing, differing tool versions or seeds.
    public var warnings: [String]
}
