public import ContractKit

/// A run as GitHub-flavoured Markdown, for a CI job summary or a pull-request comment.
///
/// The first line is the verdict, so a notification preview says everything that matters; tables
/// follow for a glance by endpoint and by declared status, then every failure and error with what
/// to run to reproduce it. The text also reads well in a terminal. GitHub rejects job summaries
/// over 1 MiB, so a failure that does not fit loses its transcript, and only then does the report
/// stop adding failures and say how many it left out; the first failure is always kept, its texts
/// cut shorter if need be.
public enum MarkdownReport {
    /// The most bytes of each request and each response shown in a transcript.
    static let transcriptLimit = 8_192

    /// Renders `result`; the text is never longer than `limit` UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - result: the run to report.
    ///   - activity: what produced it, such as `"fuzz"`, named in the verdict so a job summary
    ///     holding the replay and the fuzzing of several contracts tells them apart; nil for a replay.
    ///   - limit: the most UTF-8 bytes of the text.
    public static func render(_ result: RunResult, activity: String? = nil, limit: Int = 1_000_000) -> String
    {
        var head = verdict(result, activity: activity) + "\n\n" + summaryTable(result)
        let skipped = skippedTable(result)
        if !skipped.isEmpty { head += "\n" + skipped }
        let coverage = coverageTable(result)
        if !coverage.isEmpty { head += "\n" + coverage }
        let problems = result.cases.filter { $0.outcome.isProblem }
        guard !problems.isEmpty else { return fitted(head, limit: limit) }
        head += "\n## Failures and errors\n"
        var text = head
        var size = text.utf8.count
        let reserve = 200
        for (index, item) in problems.enumerated() {
            let room = limit - size - reserve
            // A failure that does not fit whole loses its transcript, then (only the first, which
            // is never dropped) has its texts cut shorter, before anything is left out.
            var candidates = [details(item), details(item, transcript: false)]
            if index == 0 {
                candidates += [512, 128].map { details(item, transcript: false, fieldLimit: $0) }
            }
            let section = candidates.map { "\n" + $0 }.first { $0.utf8.count <= room } ?? ""
            let sectionSize = section.utf8.count
            if section.isEmpty {
                let left = problems.count - index
                let noun = left == 1 ? "failure or error" : "failures and errors"
                text += "\n_\(left) more \(noun) left out to keep this report under \(limit) bytes;"
                text += " the JUnit and JSON reports have them all._\n"
                return fitted(text, limit: limit)
            }
            text += section
            size += sectionSize
        }
        return fitted(text, limit: limit)
    }

    /// `✅ Passed: …`, `❌ Failed: …`, `⏹️ Interrupted: …` or `❌ Unreachable: …`, naming the contract,
    /// its version and the server, with the counts and the time: two contracts in one job summary
    /// read as two different sections, and the line says what the exit code says.
    static func verdict(_ result: RunResult, activity: String? = nil) -> String {
        let verdict = result.verdict
        let mark = verdict.isSuccess ? "✅" : (verdict == .interrupted ? "⏹️" : "❌")
        var subject = [result.contractName, result.contractVersion].filter { !$0.isEmpty }.joined(
            separator: " ")
        if let activity, !activity.isEmpty {
            subject = subject.isEmpty ? activity : "\(subject) (\(activity))"
        }
        let errors = result.count(.error)
        var line = "\(mark) \(verdict.title): "
        if !subject.isEmpty { line += MarkdownText.inline(subject) + " " }
        line +=
            "against \(MarkdownText.inline(result.baseURL)): \(result.count(.passed)) passed, "
            + "\(result.count(.failed)) failed, \(errors) \(errors == 1 ? "error" : "errors"), "
            + "\(result.count(.skipped)) skipped in \(ReportFormatting.human(result.duration))"
        let operations = result.skippedOperations.count
        if operations > 0 {
            line +=
                "; \(operations) \(operations == 1 ? "operation" : "operations") not loaded, so not tested"
        }
        return line
    }

    /// The operations the loader left out, with why and where: never tested, so said up front.
    private static func skippedTable(_ result: RunResult) -> String {
        guard !result.skippedOperations.isEmpty else { return "" }
        var rows = ["| Endpoint | Operation | Reason | Where |", "| --- | --- | --- | --- |"]
        for operation in result.skippedOperations {
            rows.append(
                "| \(MarkdownText.inline(operation.endpointID)) | "
                    + "\(MarkdownText.inline("\(operation.method) \(operation.path)")) | "
                    + "\(MarkdownText.inline(ReportFormatting.clipped(operation.summary))) | "
                    + "\(operation.location.map { MarkdownText.inline($0) } ?? "—") |")
        }
        return "## Skipped operations\n\nNot loaded from the description, so not tested:\n\n"
            + rows.joined(separator: "\n") + "\n"
    }

    private static func summaryTable(_ result: RunResult) -> String {
        var rows = [
            "| Endpoint | Cases | Passed | Failed | Errors | Skipped | Slowest |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for group in ReportFormatting.casesByEndpoint(result.cases) {
            func count(_ outcome: CaseResult.Outcome) -> Int {
                group.cases.filter { $0.outcome == outcome }.count
            }
            let slowest = group.cases.map(\.duration).max() ?? .zero
            rows.append(
                "| \(MarkdownText.inline(group.endpointID)) | \(group.cases.count) | \(count(.passed)) | "
                    + "\(count(.failed)) | \(count(.error)) | \(count(.skipped)) | "
                    + "\(ReportFormatting.human(slowest)) |")
        }
        return "## Endpoints\n\n" + rows.joined(separator: "\n") + "\n"
    }

    private static func coverageTable(_ result: RunResult) -> String {
        guard !result.coverage.isEmpty else { return "" }
        let skipped = result.skippedOperations.map { operation in
            "| \(MarkdownText.inline(operation.endpointID)) | — | — | "
                + "\(MarkdownText.inline(ReportFormatting.clipped(operation.summary))) |"
        }
        var rows = ["| Endpoint | Declared | Seen | Never exercised |", "| --- | --- | --- | --- |"]
        for entry in result.coverage {
            func list(_ items: [String]) -> String {
                items.isEmpty ? "—" : MarkdownText.inline(items.joined(separator: ", "))
            }
            rows.append(
                "| \(MarkdownText.inline(entry.endpointID)) | \(list(entry.declared)) | "
                    + "\(list(entry.seen.map(String.init))) | \(list(entry.unexercised)) |")
        }
        return "## Status coverage\n\n" + (rows + skipped).joined(separator: "\n") + "\n"
    }

    /// One failed or errored case: findings, reproducer and a collapsed transcript.
    ///
    /// - Parameters:
    ///   - transcript: whether to show the exchange.
    ///   - fieldLimit: the most bytes of each finding text, reason and reproducer.
    private static func details(
        _ item: CaseResult, transcript: Bool = true, fieldLimit: Int = ReportFormatting.fieldLimit
    ) -> String {
        func clip(_ text: String) -> String { ReportFormatting.clipped(text, limit: fieldLimit) }
        let label = item.outcome == .failed ? "❌ failed" : "⚠️ error"
        var text = "### \(MarkdownText.inline(item.id)): \(label)\n\n"
        var line = MarkdownText.code("\(item.method) \(item.path)")
        let statuses = item.findingStatuses
        if !statuses.isEmpty { line += " → " + statuses.map(String.init).joined(separator: ", ") }
        line += " in \(ReportFormatting.human(item.duration))"
        if item.attempts > 1 { line += " after \(item.attempts) attempts" }
        text += line + "\n\n"
        if let reason = item.reason { text += "Reason: \(MarkdownText.inline(clip(reason)))\n\n" }
        for group in FindingGroup.groups(of: item) {
            for finding in group.findings {
                let side = finding.check.side == .request ? " (the client's request)" : ""
                text +=
                    "- **\(finding.check.rawValue)**\(side): \(MarkdownText.inline(clip(finding.message)))\n"
                if let expected = finding.expected {
                    text += "  - expected: \(MarkdownText.code(clip(expected)))\n"
                }
                if let actual = finding.actual { text += "  - actual: \(MarkdownText.code(clip(actual)))\n" }
                if let pointer = finding.pointer {
                    text += "  - at: \(MarkdownText.code(pointer.isEmpty ? "(body)" : pointer))\n"
                }
                if !finding.steps.isEmpty {
                    text +=
                        "  - steps:\n"
                        + finding.steps.map { "    - \(MarkdownText.inline(clip($0)))\n" }.joined()
                }
            }
            if !group.findings.isEmpty { text += "\n" }
            if let curl = group.curl {
                text += "Reproduce:\n\n" + MarkdownText.fenced(clip(curl), language: "sh") + "\n"
            }
        }
        let exchange = transcript ? Transcript.exchange(of: item, limit: transcriptLimit) : ""
        if !exchange.isEmpty {
            text +=
                "<details><summary>Transcript</summary>\n\n" + MarkdownText.fenced(exchange, language: "http")
            text += "\n</details>\n"
        }
        return text
    }

    /// The text cut at a line break so it fits `limit` bytes, for the rare run whose tables alone
    /// are too large.
    private static func fitted(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let note = "\n_Report cut to stay under \(limit) bytes._\n"
        let budget = limit - note.utf8.count
        guard budget > 0 else { return "" }
        var kept = ""
        var used = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let size = line.utf8.count + 1
            if used + size > budget { break }
            kept += line + "\n"
            used += size
        }
        return kept + note
    }
}
