/// What a run amounts to, computed once from its cases so that the exit code, the progress line,
/// the Markdown and JUnit reports and `conform merge` can never disagree.
public enum Verdict: String, Sendable, Hashable, CaseIterable {
    /// Every case that ran passed, and the run finished.
    case passed
    /// A case failed or errored against a server that answered.
    case failed
    /// Ctrl-C, SIGTERM or an interrupted shard stopped the run before every case ran.
    case interrupted
    /// No case reached the server: nothing listens there, or the host does not resolve.
    case unreachable

    /// Whether a CI gate may pass.
    public var isSuccess: Bool { self == .passed }

    /// The verdict as a person reads it at the head of a report (`Passed`, `Interrupted`…).
    public var title: String {
        switch self {
        case .passed: return "Passed"
        case .failed: return "Failed"
        case .interrupted: return "Interrupted"
        case .unreachable: return "Unreachable"
        }
    }
}

extension RunResult {
    /// The run's verdict. An unreachable server outranks an interruption (nothing could have passed),
    /// and an interruption outranks the cases that ran (the gate did not see them all).
    public var verdict: Verdict {
        if serverWasUnreachable { return .unreachable }
        if interrupted { return .interrupted }
        return isSuccessful ? .passed : .failed
    }
}
