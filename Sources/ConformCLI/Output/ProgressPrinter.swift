import ConformHTTP
import ContractKit
import ContractReports
import Foundation

/// Prints a run as it goes: on a terminal one live line (`[5/7] 1 failed`), elsewhere (CI logs)
/// one plain line per case; then the failures, the coverage table and the verdict.
final class ProgressPrinter: Sendable {
    private let console: Console
    private let quiet: Bool
    private let verbose: Bool
    /// Whether each finding says whose it is (traffic: the client's request or the server's response).
    private let showsSides: Bool
    private let state = Locked(Counts())

    /// What the live line counts: cases, or (for `fuzz`, which reports several cases per endpoint
    /// in no fixed number) the planned endpoints that have reported.
    private struct Counts {
        var done = 0
        var failed = 0
        var total = 0
        /// The endpoints planned, when the line counts endpoints.
        var planned: Set<String>?
        var reached: Set<String> = []
    }

    init(console: Console, quiet: Bool, verbose: Bool = false, showsSides: Bool = false) {
        self.console = console
        self.quiet = quiet
        self.verbose = verbose
        self.showsSides = showsSides
    }

    func start(total: Int, contract: Contract, baseURL: String) {
        state.withLock { $0.total = total }
        if !quiet {
            console.err(
                "Replaying \(contract.name) \(contract.version): \(Plural.count(total, "case")) against \(baseURL)"
            )
        }
    }

    /// Starts the live line counting the endpoints planned rather than cases: `[3/7]` once three
    /// of seven endpoints have reported a case.
    func start(endpoints: [String]) {
        state.withLock {
            $0.planned = Set(endpoints)
            $0.total = $0.planned?.count ?? 0
        }
    }

    func caseFinished(_ result: CaseResult) {
        let (done, failed, total) = state.withLock { current -> (Int, Int, Int) in
            if let planned = current.planned {
                if planned.contains(result.endpointID) { current.reached.insert(result.endpointID) }
                current.done = current.reached.count
            } else {
                current.done += 1
            }
            if result.outcome.isProblem { current.failed += 1 }
            return (current.done, current.failed, current.total)
        }
        if verbose {
            console.err(Self.line(result, console: console))
            for finding in result.findings {
                console.err("    \(finding.check.rawValue): \(safe(finding.message))")
            }
        } else if console.isTerminal {
            guard !quiet else { return }
            let failures = failed == 0 ? "" : console.styled(" \(failed) failed", .red)
            console.errInline("\r\u{1B}[2K[\(done)/\(total)]\(failures) \(safe(result.id))")
        } else if !quiet || result.outcome.isProblem {
            console.err(Self.line(result, console: console))
        }
    }

    func finish(_ result: RunResult, showCoverage: Bool = true) {
        if console.isTerminal && !quiet { console.errInline("\r\u{1B}[2K") }
        let problems = result.cases.filter { $0.outcome.isProblem }
        if !problems.isEmpty {
            console.out("")
            console.out(console.styled("Failures", .bold))
        }
        for failed in problems {
            console.out("")
            console.out(Self.line(failed, console: console))
            if let reason = failed.reason, failed.findings.isEmpty { console.out("    \(safe(reason))") }
            for group in FindingGroup.groups(of: failed) {
                for finding in group.findings {
                    let side = showsSides ? (finding.check.side == .request ? "client " : "server ") : ""
                    console.out("    \(side)\(finding.check.rawValue): \(safe(finding.message))")
                    if let pointer = finding.pointer, !pointer.isEmpty {
                        console.out("      at \(safe(pointer))")
                    }
                    if let expected = finding.expected { console.out("      expected: \(safe(expected))") }
                    if let actual = finding.actual { console.out("      actual:   \(safe(actual))") }
                    for step in finding.steps { console.out("      \(safe(step))") }
                }
                if let curl = group.curl {
                    let lines = curl.split(separator: "\n").map(String.init)
                    console.out("    reproduce: \(safe(lines.first ?? ""))")
                    for line in lines.dropFirst() { console.out("               \(safe(line))") }
                }
            }
        }
        if !quiet && showCoverage {
            console.out("")
            console.out(coverageTable(result))
        } else if !quiet && !result.skippedOperations.isEmpty {
            console.out("")
            console.out("Skipped operations (not loaded, so not tested):")
            for operation in result.skippedOperations {
                console.out("  \(safe(operation.endpointID))  \(safe(operation.summary))")
            }
        }
        console.out("")
        console.out(verdict(result))
    }

    /// A case's outcome as the first word of its line, coloured where the terminal shows colour.
    static func outcomeLabel(_ outcome: CaseResult.Outcome, console: Console) -> String {
        switch outcome {
        case .passed: return console.styled("PASS", .green)
        case .failed: return console.styled("FAIL", .red)
        case .error: return console.styled("ERROR", .red)
        case .skipped: return console.styled("SKIP", .yellow)
        }
    }

    static func line(_ result: CaseResult, console: Console) -> String {
        let label = outcomeLabel(result.outcome, console: console)
        var text = "\(label) \(safe(result.id))"
        let statuses =
            result.outcome == .failed ? result.findingStatuses : result.response.map { [$0.status] } ?? []
        if !statuses.isEmpty { text += " → " + statuses.map(String.init).joined(separator: ", ") }
        if result.outcome == .passed, result.response == nil, let reason = result.reason {
            text += ": \(safe(reason))"
        } else if result.outcome != .skipped {
            text += " (\(Int(result.duration.milliseconds.rounded())) ms)"
        }
        if result.outcome == .skipped, let reason = result.reason { text += ": \(safe(reason))" }
        if result.outcome == .passed, result.response != nil, let reason = result.reason {
            text += ": \(safe(reason))"
        }
        if result.outcome == .failed {
            text += ": \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s")"
        }
        if result.outcome == .error, let reason = result.reason { text += ": \(safe(reason))" }
        return text
    }

    private func coverageTable(_ result: RunResult) -> String {
        var rows = [["endpoint", "declared", "seen", "never exercised"]]
        for entry in result.coverage {
            rows.append([
                entry.endpointID, entry.declared.joined(separator: " "),
                entry.seen.map(String.init).joined(separator: " "), entry.unexercised.joined(separator: " "),
            ])
        }
        for operation in result.skippedOperations {
            rows.append([operation.endpointID, "", "", safe(operation.summary)])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                separator: "  ")
        }
        return (["Coverage of declared statuses:"] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    private func verdict(_ result: RunResult) -> String {
        let passed = result.count(.passed)
        let failed = result.count(.failed)
        let errors = result.count(.error)
        let skipped = result.count(.skipped)
        let seconds = (result.duration.seconds * 100).rounded() / 100
        var text =
            "\(passed) passed, \(failed) failed, \(Plural.count(errors, "error")), \(skipped) skipped in \(seconds) s against \(result.baseURL)"
        if !result.skippedOperations.isEmpty {
            text += "; \(Plural.count(result.skippedOperations.count, "operation")) not loaded, so not tested"
        }
        let verdict = result.verdict
        return console.styled("\(verdict.title.uppercased()): ", verdict.isSuccess ? .green : .red) + text
    }
}

/// Server-derived text as it may reach a terminal or CI log: control characters escaped, and cut
/// at the same per-field limit as the reports, so one huge value cannot flood a CI log.
private func safe(_ text: String) -> String {
    TerminalText.escapingControlCharacters(ReportFormatting.clipped(text))
}
