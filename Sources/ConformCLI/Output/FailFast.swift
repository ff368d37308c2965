import ConformHTTP
import ContractKit

/// `--fail-fast`: cancels the run once a case fails or errs, so a long run stops at the first
/// problem; the run then ends as an interrupted one and its reports are still written.
final class FailFast: Sendable {
    private let enabled: Bool
    private let state = Locked<(tripped: Bool, stop: (@Sendable () -> Void)?)>((false, nil))

    init(enabled: Bool) { self.enabled = enabled }

    /// Whether a failure stopped the run.
    var tripped: Bool { state.withLock { $0.tripped } }

    /// Gives the action that stops the run; runs it at once when a case already failed.
    func arm(_ stop: @escaping @Sendable () -> Void) {
        let failedAlready = state.withLock { current -> Bool in
            current.stop = stop
            return current.tripped
        }
        if failedAlready { stop() }
    }

    func caseFinished(_ result: CaseResult) {
        guard enabled, result.outcome.isProblem else { return }
        let stop = state.withLock { current -> (@Sendable () -> Void)? in
            current.tripped = true
            return current.stop
        }
        stop?()
    }
}
