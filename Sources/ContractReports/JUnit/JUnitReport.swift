import ConformHTTP
public import ContractKit

/// A run as JUnit XML, the format every CI system shows as a test report.
///
/// The document validates against both the Jenkins xUnit schema and the strict Apache Ant schema
/// (windyroad), so it loads wherever JUnit is read: one `<testsuite>` per endpoint, one
/// `<testcase>` per example, counts that add up, and transcripts of the failing exchanges in
/// `<system-out>`. Every server byte is escaped, and characters XML 1.0 forbids are written as
/// visible `\u{…}` text, so no response can make the report unreadable.
public enum JUnitReport {
    /// Renders `result` as a complete XML document.
    ///
    /// - Parameter transcriptLimit: the most bytes kept of each request and each response in
    ///   `<system-out>`; longer ones end with a note giving their full size.
    public static func render(_ result: RunResult, transcriptLimit: Int = 16_384) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        let groups = ReportFormatting.casesByEndpoint(result.cases)
        for (index, group) in groups.enumerated() {
            xml += suite(
                group.cases, endpointID: group.endpointID, index: index, result: result,
                limit: transcriptLimit)
        }
        for (offset, operation) in result.skippedOperations.enumerated() {
            xml += suite(skipped: operation, index: groups.count + offset, result: result)
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// An operation the loader left out: a suite of one skipped test case whose message is the
    /// reason, so CI shows what was never tested next to what passed.
    private static func suite(skipped operation: SkippedOperation, index: Int, result: RunResult) -> String {
        let attributes: [(String, String)] = [
            ("id", String(index)), ("package", result.contractName), ("name", operation.endpointID),
            ("hostname", ReportFormatting.host(of: result.baseURL)),
            ("timestamp", Timestamp.junit(result.startedAt)), ("tests", "1"), ("failures", "0"),
            ("errors", "0"), ("skipped", "1"), ("time", "0.000"),
        ]
        var xml = "  " + openTag("testsuite", attributes) + ">\n" + properties(result)
        let testcase = [
            ("classname", "\(result.contractName).\(operation.endpointID)"),
            ("name", "\(operation.method) \(operation.path)"), ("time", "0.000"),
        ]
        xml += "    " + openTag("testcase", testcase) + ">\n      "
        xml += openTag("skipped", [("message", clip(operation.summary))]) + "/>\n    </testcase>\n"
        let place = operation.location.map { " (\($0))" } ?? ""
        xml +=
            "    <system-out>"
            + XMLText.content("SKIPPED \(operation.endpointID): \(operation.reason)\(place)")
        return xml + "</system-out>\n    <system-err/>\n  </testsuite>\n"
    }

    private static func suite(
        _ cases: [CaseResult], endpointID: String, index: Int, result: RunResult, limit: Int
    ) -> String {
        let attributes: [(String, String)] = [
            ("id", String(index)),
            ("package", result.contractName),
            ("name", endpointID.isEmpty ? "(unnamed endpoint)" : endpointID),
            ("hostname", ReportFormatting.host(of: result.baseURL)),
            ("timestamp", Timestamp.junit(result.startedAt)),
            ("tests", String(cases.count)),
            ("failures", String(cases.filter { $0.outcome == .failed }.count)),
            ("errors", String(cases.filter { $0.outcome == .error }.count)),
            ("skipped", String(cases.filter { $0.outcome == .skipped }.count)),
            ("time", ReportFormatting.seconds(ReportFormatting.total(cases))),
        ]
        var xml = "  " + openTag("testsuite", attributes) + ">\n"
        xml += properties(result)
        for item in cases { xml += testcase(item, contractName: result.contractName) }
        let out = cases.map { systemOut($0, limit: limit) }.joined(separator: "\n")
        xml +=
            out.isEmpty
            ? "    <system-out/>\n" : "    <system-out>" + XMLText.content(out) + "</system-out>\n"
        xml += "    <system-err/>\n  </testsuite>\n"
        return xml
    }

    private static func properties(_ result: RunResult) -> String {
        var pairs: [(String, String)] = [
            ("contract", result.contractName), ("contractVersion", result.contractVersion),
        ]
        if let file = result.contractFile { pairs.append(("contractFile", file)) }
        pairs.append(("baseURL", result.baseURL))
        if let seed = result.seed { pairs.append(("seed", String(seed))) }
        if let shard = result.shard { pairs.append(("shard", shard)) }
        pairs.append(("toolVersion", result.toolVersion))
        pairs.append(("interrupted", result.interrupted ? "true" : "false"))
        pairs.append(("verdict", result.verdict.rawValue))
        var xml = "    <properties>\n"
        for (name, value) in pairs {
            xml += "      " + openTag("property", [("name", name), ("value", value)]) + "/>\n"
        }
        return xml + "    </properties>\n"
    }

    private static func testcase(_ item: CaseResult, contractName: String) -> String {
        let attributes = [
            ("classname", "\(contractName).\(item.endpointID)"), ("name", item.name),
            ("time", ReportFormatting.seconds(item.duration)),
        ]
        let open = "    " + openTag("testcase", attributes)
        switch item.outcome {
        case .passed:
            return open + "/>\n"
        case .failed:
            let first = item.findings.first
            let message =
                item.findings.count > 1
                ? "\(item.findings.count) findings; first: \(clip(first?.message ?? ""))"
                : clip(first?.message ?? item.reason ?? "the response broke the contract")
            let type = first?.check.rawValue ?? "contract"
            return open + ">\n      " + openTag("failure", [("message", message), ("type", type)]) + ">"
                + XMLText.content(failureText(item)) + "</failure>\n    </testcase>\n"
        case .error:
            let message = clip(item.reason ?? "no complete response")
            var text = message
            if item.attempts > 1 { text += "\n(after \(item.attempts) attempts)" }
            if let curl = item.curl { text += "\n\nReproduce:\n" + clip(curl) }
            return open + ">\n      " + openTag("error", [("message", message), ("type", "transport")]) + ">"
                + XMLText.content(text) + "</error>\n    </testcase>\n"
        case .skipped:
            return open + ">\n      " + openTag("skipped", [("message", item.reason ?? "skipped")])
                + "/>\n    </testcase>\n"
        }
    }

    /// Every finding of a failed case, then the curl line that reproduces it.
    static func failureText(_ item: CaseResult) -> String {
        var lines: [String] = []
        if let reason = item.reason, item.findings.isEmpty { lines.append(clip(reason)) }
        for (index, group) in FindingGroup.groups(of: item).enumerated() {
            if index > 0 { lines.append("") }
            for finding in group.findings {
                let status = finding.status.map { " (status \($0))" } ?? ""
                let side = finding.check.side == .request ? ", the client's request" : ""
                lines.append("[\(finding.check.rawValue)\(side)] \(clip(finding.message))\(status)")
                if let expected = finding.expected { lines.append("  expected: \(clip(expected))") }
                if let actual = finding.actual { lines.append("  actual:   \(clip(actual))") }
                if let pointer = finding.pointer {
                    lines.append("  at:       \(pointer.isEmpty ? "(body)" : pointer)")
                }
                lines += finding.steps.map { "  \(clip($0))" }
            }
            if let curl = group.curl { lines += ["", "Reproduce:", clip(curl)] }
        }
        return lines.joined(separator: "\n")
    }

    /// Failed and errored cases get their full exchange; others one summary line, so a large run
    /// stays small.
    private static func systemOut(_ item: CaseResult, limit: Int) -> String {
        switch item.outcome {
        case .failed, .error:
            let header = "=== \(item.outcome.rawValue.uppercased()) \(item.id) ==="
            let exchange = Transcript.exchange(of: item, limit: limit)
            return exchange.isEmpty ? header : header + "\n" + exchange + "\n"
        case .passed:
            let status = item.response.map { " -> \($0.status)" } ?? ""
            return "PASSED \(item.id): \(item.method) \(item.path)\(status)"
        case .skipped:
            return "SKIPPED \(item.id)" + (item.reason.map { ": \($0)" } ?? "")
        }
    }

    private static func clip(_ text: String) -> String { ReportFormatting.clipped(text) }

    private static func openTag(_ name: String, _ attributes: [(String, String)]) -> String {
        "<" + name + attributes.map { " \($0.0)=\"" + XMLText.attribute($0.1) + "\"" }.joined()
    }
}
