import ContractKit

/// The documented exit codes of `conform`, so CI scripts can tell a broken contract from a broken
/// server from an unreachable one.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Every check passed (or the input is valid).
    case success = 0
    /// A check failed (or, for `validate`, the instance is invalid).
    case checkFailed = 1
    /// Bad usage, an unreadable file, or a contract with errors.
    case usageOrContractError = 2
    /// The server could not be reached for any case.
    case serverUnreachable = 3

    /// The exit code of a run, read from its verdict so every command maps it the same way.
    init(_ verdict: Verdict) {
        switch verdict {
        case .passed: self = .success
        case .failed, .interrupted: self = .checkFailed
        case .unreachable: self = .serverUnreachable
        }
    }

    /// The lines `--help` shows.
    static let helpText = """
        EXIT CODES:
          0  every check passed
          1  a check failed
          2  usage error, unreadable input, or a contract with errors
          3  the server was unreachable for every case
        """
}
