/// The report as lines for a terminal or a CI log: one line per change in the `file:line:column:`
/// shape editors and CI annotate, then a summary.
public enum CompatText {
    /// Every change, then the summary line.
    public static func render(_ report: CompatReport) -> String {
        var output = report.changes.flatMap { lines(for: $0, clients: report.options.clients) }
        output.append(summary(report))
        return output.joined(separator: "\n")
    }

    /// The most operations a line names for a change that reaches several; `--json` lists all.
    static let reachNamed = 3

    /// `file:line:column: error: [rule] GET /menu (listMenu): message (at /pointer)`, and below it
    /// the effect on a `Codable` model (with `--clients codable`) and the reason it was accepted. A
    /// change that reaches several operations names the first few and counts the rest.
    static func lines(for change: CompatChange, clients: CompatClients) -> [String] {
        var line = "\(change.location): \(change.level.rawValue): [\(change.rule)] "
        let operations = reachedOperations(change)
        if operations.count == 1, let operation = change.operation {
            line += "\(operation) (\(operation.id)): "
        }
        line += change.message
        if change.location.position == nil || !change.location.pointer.isRoot {
            line += " (at \(change.location.pointer.displayText))"
        }
        if operations.count > 1 {
            let named = operations.prefix(reachNamed).map { "\($0) (\($0.id))" }.joined(separator: ", ")
            let more = operations.count - min(operations.count, reachNamed)
            line += "; reaches \(operations.count) operations: \(named)\(more > 0 ? " and \(more) more" : "")"
        }
        var lines = [line]
        if clients == .codable, let effect = change.codableEffect { lines.append("    Codable: \(effect)") }
        if let reason = change.acceptedBecause { lines.append("    accepted: \(reason)") }
        return lines
    }

    /// `compat: main:openapi.yaml → openapi.yaml: 1 error, 0 warnings, 3 info; fails (--fail-on error)`.
    public static func summary(_ report: CompatReport) -> String {
        let verdict =
            report.passes
            ? "passes (--fail-on \(report.options.failOn.rawValue))"
            : "fails (--fail-on \(report.options.failOn.rawValue))"
        return "compat: \(report.old.source) → \(report.new.source): \(report.tally); \(verdict)"
    }

    /// The operations a change reaches, each once, in order.
    static func reachedOperations(_ change: CompatChange) -> [CompatOperation] {
        var seen = Set<CompatOperation>()
        return change.reach.map(\.operation).filter { seen.insert($0).inserted }
    }
}
