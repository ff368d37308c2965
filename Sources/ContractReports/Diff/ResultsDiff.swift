import ConformHTTP
public import ContractKit

/// What changed between a baseline run and the current one, case by case.
///
/// A pull request gate asks "did this change break anything that worked?", not "is everything
/// green?": a server that already failed some cases on `main` should not block unrelated work.
/// Cases match by id (`endpoint/example`), so renaming an example shows as one removed and one
/// added case.
public struct ResultsDiff: Sendable, Hashable {
    /// A case that passed in the baseline and failed or errored now.
    public struct Regression: Sendable, Hashable {
        public var id: String
        public var baseline: CaseResult.Outcome
        public var current: CaseResult.Outcome
        /// Findings of the current run that the baseline did not have for this case.
        public var newFindings: [Finding]
        /// Why the current case errored, when it did.
        public var reason: String?
    }

    /// A case whose outcome went from one value to another, or that exists on one side only.
    public struct Change: Sendable, Hashable {
        public var id: String
        public var baseline: CaseResult.Outcome?
        public var current: CaseResult.Outcome?
    }

    /// A case that took markedly longer than in the baseline.
    public struct Slowdown: Sendable, Hashable {
        public var id: String
        public var baseline: Duration
        public var current: Duration

        /// How many times slower: `2.0` for twice as long.
        public var ratio: Double {
            let before = baseline.milliseconds
            return before > 0 ? current.milliseconds / before : .infinity
        }
    }

    /// Passed before, failed or errored now; in the current run's order.
    public let regressions: [Regression]
    /// Failed or errored before, passed now.
    public let fixed: [Change]
    /// Only in the current run.
    public let added: [Change]
    /// Only in the baseline, in the baseline's order.
    public let removed: [Change]
    /// Ran in both and grew past the thresholds.
    public let slower: [Slowdown]

    /// Compares two runs of (normally) the same contract.
    ///
    /// - Parameters:
    ///   - slowerThreshold: a case counts as slower when it took more than this many times its
    ///     baseline duration…
    ///   - minimumSlowdownMs: …and at least this many milliseconds more, so that jitter on fast
    ///     cases (2 ms → 5 ms) is not reported.
    public init(
        baseline: RunResult, current: RunResult, slowerThreshold: Double = 1.5, minimumSlowdownMs: Double = 50
    ) {
        var before: [String: CaseResult] = [:]
        for item in baseline.cases where before[item.id] == nil { before[item.id] = item }
        var seen: Set<String> = []
        var regressions: [Regression] = []
        var fixed: [Change] = []
        var added: [Change] = []
        var slower: [Slowdown] = []
        for item in current.cases where seen.insert(item.id).inserted {
            guard let old = before[item.id] else {
                added.append(Change(id: item.id, baseline: nil, current: item.outcome))
                continue
            }
            let wasGood = old.outcome == .passed
            let isBad = item.outcome.isProblem
            if wasGood && isBad {
                let known = Set(old.findings.map(FindingKey.init))
                regressions.append(
                    Regression(
                        id: item.id, baseline: old.outcome, current: item.outcome,
                        newFindings: item.findings.filter { !known.contains(FindingKey($0)) },
                        reason: item.outcome == .error ? item.reason : nil))
            } else if old.outcome.isProblem && item.outcome == .passed {
                fixed.append(Change(id: item.id, baseline: old.outcome, current: item.outcome))
            }
            let bothRan = old.outcome != .skipped && item.outcome != .skipped
            let growth = item.duration.milliseconds - old.duration.milliseconds
            if bothRan, item.duration.milliseconds > slowerThreshold * old.duration.milliseconds,
                growth >= minimumSlowdownMs
            {
                slower.append(Slowdown(id: item.id, baseline: old.duration, current: item.duration))
            }
        }
        var removed: [Change] = []
        var listed: Set<String> = []
        for item in baseline.cases where !seen.contains(item.id) && listed.insert(item.id).inserted {
            removed.append(Change(id: item.id, baseline: item.outcome, current: nil))
        }
        self.regressions = regressions
        self.fixed = fixed
        self.added = added
        self.removed = removed
        self.slower = slower
    }

    /// Whether any case that passed in the baseline fails or errors now: the gate for `diff`.
    public var hasRegressions: Bool { !regressions.isEmpty }

    /// Whether nothing at all changed.
    public var isEmpty: Bool {
        regressions.isEmpty && fixed.isEmpty && added.isEmpty && removed.isEmpty && slower.isEmpty
    }

    /// What identifies a finding across runs: the same check complaining about the same place in
    /// the same words.
    private struct FindingKey: Hashable {
        var check: CheckName
        var message: String
        var pointer: String?

        init(_ finding: Finding) {
            check = finding.check
            message = finding.message
            pointer = finding.pointer
        }
    }
}
