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
