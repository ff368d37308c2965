import Foundation

/// The report as a pull-request comment: the verdict, the breaking changes grouped by operation,
/// then warnings, accepted changes and the rest folded away.
public enum CompatMarkdown {
    public static func render(_ report: CompatReport) -> String {
        var lines = [
            "## API compatibility: `\(report.old.source)` → `\(report.new.source)`", "",
            verdict(report), "",
        ]
        let failing = report.failing
        let gate = Set(failing)
        let counted = report.changes.filter { !$0.isAccepted }
        let warnings = counted.filter { $0.level == .warning && !gate.contains($0) }
        let rest = counted.filter { $0.level == .info && !gate.contains($0) }
        let accepted = report.changes.filter(\.isAccepted)
        lines += section("Breaking changes", failing, report)
        lines += section("Warnings", warnings, report)
        lines += section("Accepted", accepted, report)
        if !rest.isEmpty {
            lines += ["<details><summary>Other changes (\(rest.count))</summary>", ""]
            lines += grouped(rest, report)
            lines += ["</details>", ""]
        }
        if !report.notes.isEmpty {
            lines += [
                "<details><summary>Reading the descriptions (\(report.notes.count) notes)</summary>", "",
            ]
            lines += report.notes.map { "- \($0.side.rawValue): " + escaped($0.problem.description) }
            lines += ["", "</details>", ""]
        }
        return lines.joined(separator: "\n")
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

    private static func section(_ title: String, _ changes: [CompatChange], _ report: CompatReport)
        -> [String]
    {
        guard !changes.isEmpty else { return [] }
        return ["### \(title) (\(changes.count))", ""] + grouped(changes, report)
    }

    /// The changes under one heading per operation, in the order they come.
    private static func grouped(_ changes: [CompatChange], _ report: CompatReport) -> [String] {
        var order: [String] = []
        var groups: [String: [CompatChange]] = [:]
        for change in changes {
            let key = change.operation.map { "`\($0)` (\($0.id))" } ?? "The descriptions"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(change)
        }
        return order.flatMap { key in
            ["#### \(escaped(key))", ""] + (groups[key] ?? []).flatMap { item($0, report) } + [""]
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
        return lines
    }

    /// Text with HTML special characters escaped outside code spans, so a schema name such as
    /// `List<Item>` cannot turn into markup.
    static func escaped(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index % 2 == 0 else { return String(part) }
            return part.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "<", with: "&lt;"
            )
            .replacingOccurrences(of: ">", with: "&gt;")
        }.joined(separator: "`")
    }
}
