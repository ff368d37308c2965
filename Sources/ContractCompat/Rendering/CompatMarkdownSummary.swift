/// The summary at the top of the Markdown report: changes and the operations they reach by level,
/// then by rule and by operation, each table of bounded length.
enum CompatMarkdownSummary {
    /// The most rows of the by-rule and by-operation tables; the JSON report has every change.
    static let rowLimit = 30

    static func tables(_ report: CompatReport) -> [String] {
        let counted = report.changes.filter { !$0.isAccepted }
        let levels = CompatLevel.allCases
        func operations(_ changes: [CompatChange]) -> Int {
            Set(changes.flatMap { $0.reach.map(\.operation) }).count
        }
        let byLevel = levels.map { level in counted.filter { $0.level == level } }
        var lines = [
            "| | errors | warnings | info | accepted |", "| --- | ---: | ---: | ---: | ---: |",
            "| changes | " + byLevel.map { String($0.count) }.joined(separator: " | ")
                + " | \(report.acceptedCount) |",
            "| operations reached | " + byLevel.map { String(operations($0)) }.joined(separator: " | ")
                + " | \(operations(report.changes.filter(\.isAccepted))) |",
            "",
        ]
        guard !counted.isEmpty else { return lines }
        lines += byRule(counted)
        lines += byOperation(counted)
        return lines
    }

    private static func byRule(_ changes: [CompatChange]) -> [String] {
        var order: [String] = []
        var rows: [String: (level: CompatLevel, changes: Int, operations: Set<CompatOperation>)] = [:]
        for change in changes {
            let key = change.rule + " " + change.level.rawValue
            if rows[key] == nil {
                order.append(key)
                rows[key] = (change.level, 0, [])
            }
            rows[key]?.changes += 1
            rows[key]?.operations.formUnion(change.reach.map(\.operation))
        }
        var lines = [
            "<details><summary>By rule (\(order.count))</summary>", "",
            "| rule | level | changes | operations |", "| --- | --- | ---: | ---: |",
        ]
        for key in order.prefix(rowLimit) {
            guard let row = rows[key] else { continue }
            let rule = String(key.prefix { $0 != " " })
            lines.append("| `\(rule)` | \(row.level.rawValue) | \(row.changes) | \(row.operations.count) |")
        }
        if order.count > rowLimit { lines.append("| … \(order.count - rowLimit) more rules | | | |") }
        return lines + ["", "</details>", ""]
    }

    private static func byOperation(_ changes: [CompatChange]) -> [String] {
        var order: [CompatOperation] = []
        var counts: [CompatOperation: [CompatLevel: Int]] = [:]
        for change in changes {
            // In the order the change reaches them (a set's order differs from run to run).
            var counted = Set<CompatOperation>()
            for operation in change.reach.map(\.operation) where counted.insert(operation).inserted {
                if counts[operation] == nil { order.append(operation) }
                counts[operation, default: [:]][change.level, default: 0] += 1
            }
        }
        guard !order.isEmpty else { return [] }
        // The operations with most errors first, then most warnings; else in the report's order.
        let ranked = order.enumerated().sorted { a, b in
            let left = counts[a.element] ?? [:]
            let right = counts[b.element] ?? [:]
            for level in [CompatLevel.error, .warning]
            where left[level, default: 0] != right[level, default: 0] {
                return left[level, default: 0] > right[level, default: 0]
            }
            return a.offset < b.offset
        }.map(\.element)
        var lines = [
            "<details><summary>By operation (\(order.count))</summary>", "",
            "| operation | errors | warnings | info |", "| --- | ---: | ---: | ---: |",
        ]
        for operation in ranked.prefix(rowLimit) {
            let row = counts[operation] ?? [:]
            lines.append(
                "| `\(operation)` (\(CompatMarkdown.escaped(operation.id))) | "
                    + CompatLevel.allCases.map { String(row[$0, default: 0]) }.joined(separator: " | ") + " |"
            )
        }
        if order.count > rowLimit { lines.append("| … \(order.count - rowLimit) more operations | | | |") }
        return lines + ["", "</details>", ""]
    }
}
