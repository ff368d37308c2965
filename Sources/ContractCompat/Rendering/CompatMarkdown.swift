import Foundation

/// The report as a pull-request comment: the verdict and a summary table (by level, by rule, by
/// operation), then the changes that fail the gate, warnings, accepted changes and the rest folded
/// away, kept under a size a comment takes. What does not fit is counted, and the comment says
/// where the full report is.
public enum CompatMarkdown {
    /// The largest comment written unless `--max-markdown-bytes` says otherwise: under the 65,536
    /// characters a GitHub pull-request comment holds, with room for a bot's own lines.
    public static let defaultMaxBytes = 60_000
    /// The smallest limit accepted: the verdict and the summary tables always fit in it.
    public static let minimumMaxBytes = 4_000
    /// The most operations a change lists under it; the JSON report lists them all.
    static let reachListed = 10

    /// - Parameters:
    ///   - maxBytes: the largest size of the comment, in UTF-8 bytes.
    ///   - fullReport: where the complete report is (the `--json` file), named when something is
    ///     left out.
    public static func render(
        _ report: CompatReport, maxBytes: Int = defaultMaxBytes, fullReport: String? = nil
    ) -> String {
        var budget = MarkdownBudget(limit: max(maxBytes, minimumMaxBytes))
        budget.append([
            "## API compatibility: `\(report.old.source)` → `\(report.new.source)`", "", verdict(report), "",
        ])
        budget.append(CompatMarkdownSummary.tables(report))
        let failing = report.failing
        let counted = report.changes.filter { !$0.isAccepted }
        let warnings = counted.filter { $0.level == .warning && !report.fails($0) }
        let rest = counted.filter { $0.level == .info && !report.fails($0) }
        let accepted = report.changes.filter(\.isAccepted)
        section("Breaking changes", failing, report, into: &budget)
        section("Warnings", warnings, report, into: &budget)
        section("Accepted", accepted, report, into: &budget)
        if !rest.isEmpty {
            budget.append(["<details><summary>Other changes (\(rest.count))</summary>", ""])
            grouped(rest, report, into: &budget)
            budget.append(["</details>", ""])
        }
        if !report.notes.isEmpty {
            let notes =
                ["<details><summary>Reading the descriptions (\(report.notes.count) notes)</summary>", ""]
                + report.notes.map { "- \($0.side.rawValue): " + escaped($0.problem.description) } + [
                    "", "</details>", "",
                ]
            if budget.fits(notes) { budget.append(notes) }
        }
        if budget.omittedCount > 0 { budget.append(leftOut(budget, fullReport: fullReport)) }
        return budget.lines.joined(separator: "\n")
    }

    private static func verdict(_ report: CompatReport) -> String {
        let names = "\(report.old.name) \(report.old.version) → \(report.new.name) \(report.new.version)"
        let failing = report.failing.count
        let head =
            failing == 0
            ? "✅ **No change fails the gate**"
            : "❌ **\(CompatReport.counted(failing, "change")) \(failing == 1 ? "fails" : "fail") the gate**"
        return "\(head) (`--fail-on \(report.options.failOn.rawValue)`): \(escaped(names)): \(report.tally)."
    }

    private static func leftOut(_ budget: MarkdownBudget, fullReport: String?) -> [String] {
        let levels = CompatLevel.allCases.compactMap { level in
            budget.omitted[level].map { "\($0) \(level.rawValue)" }
        }.joined(separator: ", ")
        let full =
            fullReport.map { "the full report, every change and every operation it reaches, is in `\($0)`" }
            ?? "run `conform compat` with `--json FILE` for the full report"
        return [
            "---", "",
            "**Left out**: \(CompatReport.counted(budget.omittedCount, "change")) (\(levels)) did not fit in this comment's \(budget.limit) bytes; \(full).",
            "",
        ]
    }

    private static func section(
        _ title: String, _ changes: [CompatChange], _ report: CompatReport, into budget: inout MarkdownBudget
    ) {
        guard !changes.isEmpty else { return }
        budget.append(["### \(title) (\(changes.count))", ""])
        grouped(changes, report, into: &budget)
    }

    /// The changes under one heading per operation, in the order they come; a change that reaches
    /// several operations goes under a heading of its own.
    private static func grouped(
        _ changes: [CompatChange], _ report: CompatReport, into budget: inout MarkdownBudget
    ) {
        var order: [String] = []
        var groups: [String: [CompatChange]] = [:]
        for change in changes {
            let operations = Set(change.reach.map(\.operation))
            let key =
                operations.count > 1
                ? "Shared by several operations"
                : change.operation.map { "`\($0)` (\($0.id))" } ?? "The descriptions"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(change)
        }
        for key in order {
            let heading = ["#### \(escaped(key))", ""]
            var placed = false
            for change in groups[key] ?? [] {
                let lines = (placed ? [] : heading) + item(change, report)
                if budget.offer(lines, level: change.level) { placed = true }
            }
            if placed { budget.append([""]) }
        }
    }

    private static func item(_ change: CompatChange, _ report: CompatReport) -> [String] {
        var lines = [
            "- **\(change.rule)** (\(change.level.rawValue)): \(escaped(change.message)) "
                + "(`\(change.location)` at `\(change.location.pointer.displayText)`)"
        ]
        if report.options.clients == .codable, let effect = change.codableEffect {
            lines.append("  - Codable: \(escaped(effect))")
        }
        if let reason = change.acceptedBecause { lines.append("  - Accepted: \(escaped(reason))") }
        let operations = Set(change.reach.map(\.operation))
        if operations.count > 1 {
            let listed = change.reach.prefix(reachListed).map { reach in
                "`\(reach.operation)` (\(reach.operation.id))"
                    + (reach.subject.isEmpty ? "" : ": " + escaped(reach.subject))
            }
            let more = change.reach.count - listed.count
            lines.append(
                "  - Reaches \(operations.count) operations: " + listed.joined(separator: "; ")
                    + (more > 0 ? "; and \(more) more" : ""))
        }
        return lines
    }

    /// Text with HTML special characters escaped outside code spans, so a schema name such as
    /// `List<Item>` cannot turn into markup.
    static func escaped(_ text: String) -> String {
        // Most sentences have nothing to escape: they are kept as they are.
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            })
        else { return text }
        return text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index % 2 == 0 else { return String(part) }
            return part.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "<", with: "&lt;"
            )
            .replacingOccurrences(of: ">", with: "&gt;")
        }.joined(separator: "`")
    }
}
