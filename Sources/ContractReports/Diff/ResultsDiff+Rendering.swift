import ContractKit

extension ResultsDiff {
    /// One line of counts, the first thing either rendering shows.
    public var headline: String {
        let counts =
            "\(regressions.count) regression\(regressions.count == 1 ? "" : "s"), \(fixed.count) fixed, "
            + "\(added.count) added, \(removed.count) removed, \(slower.count) slower"
        return (hasRegressions ? "Regressions: " : "No regressions: ") + counts
    }

    /// Plain text for a terminal: the headline, then each group with one line per case.
    public func text() -> String {
        var lines = [headline]
        if !regressions.isEmpty {
            lines.append("")
            lines.append("Regressions:")
            for item in regressions {
                lines.append("  \(item.id): \(item.baseline.rawValue) -> \(item.current.rawValue)")
                if let reason = item.reason { lines.append("    \(MarkdownText.printable(reason))") }
                for finding in item.newFindings {
                    let place = finding.pointer.map { " at \($0)" } ?? ""
                    lines.append(
                        "    [\(finding.check.rawValue)]\(place) \(MarkdownText.printable(finding.message))")
                }
            }
        }
        lines += section("Fixed", fixed.map { "\($0.id): \(outcome($0.baseline)) -> \(outcome($0.current))" })
        lines += section("Added", added.map { "\($0.id): \(outcome($0.current))" })
        lines += section("Removed", removed.map { "\($0.id): was \(outcome($0.baseline))" })
        lines += section("Slower", slower.map(describe))
        return lines.joined(separator: "\n") + "\n"
    }

    /// GitHub-flavoured Markdown for a pull-request comment: the headline with a mark, a table of
    /// regressions with their new findings, and short lists of the rest.
    public func markdown() -> String {
        var text = (hasRegressions ? "❌ " : "✅ ") + headline + "\n"
        if !regressions.isEmpty {
            text += "\n### Regressions\n\n| Case | Was | Now | New findings |\n| --- | --- | --- | --- |\n"
            for item in regressions {
                var notes = item.newFindings.map {
                    "**\($0.check.rawValue)**: " + MarkdownText.inline($0.message)
                }
                if let reason = item.reason { notes.insert(MarkdownText.inline(reason), at: 0) }
                let cell = notes.isEmpty ? "—" : notes.joined(separator: "<br>")
                text +=
                    "| \(MarkdownText.inline(item.id)) | \(item.baseline.rawValue) | \(item.current.rawValue) | \(cell) |\n"
            }
        }
        text += list("Fixed", fixed.map { "\(MarkdownText.inline($0.id)): \(outcome($0.baseline)) → passed" })
        text += list("Added", added.map { "\(MarkdownText.inline($0.id)): \(outcome($0.current))" })
        text += list("Removed", removed.map { "\(MarkdownText.inline($0.id)): was \(outcome($0.baseline))" })
        text += list("Slower", slower.map { MarkdownText.inline(describe($0)) })
        return text
    }

    private func describe(_ item: Slowdown) -> String {
        let ratio = item.ratio.isFinite ? " (×\(Self.oneDecimal(item.ratio)))" : ""
        return
            "\(item.id): \(ReportFormatting.human(item.baseline)) -> \(ReportFormatting.human(item.current))\(ratio)"
    }

    private func outcome(_ value: CaseResult.Outcome?) -> String { value?.rawValue ?? "absent" }

    private func section(_ title: String, _ items: [String]) -> [String] {
        items.isEmpty ? [] : ["", "\(title):"] + items.map { "  \(MarkdownText.printable($0))" }
    }

    private func list(_ title: String, _ items: [String]) -> String {
        items.isEmpty ? "" : "\n### \(title)\n\n" + items.map { "- \($0)\n" }.joined()
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
