/// Findings that came from one request, with the command that reproduces it: what every output
/// (the terminal, Markdown, JUnit) prints, so each finding is followed by its own reproducer, once.
public struct FindingGroup: Sendable, Hashable {
    public var findings: [Finding]
    /// The reproducer of the request behind these findings; nil when none is known.
    public var curl: String?
    /// The statuses of the responses behind these findings, in order of first appearance.
    public var statuses: [Int]

    /// The findings of `result`, grouped by the request they came from: runs of findings that share
    /// a reproducer (their own, else the case's) form one group, in their order.
    public static func groups(of result: CaseResult) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        for finding in result.findings {
            let curl = finding.curl ?? result.curl
            if var last = groups.last, last.curl == curl {
                last.findings.append(finding)
                if let status = finding.status, !last.statuses.contains(status) {
                    last.statuses.append(status)
                }
                groups[groups.count - 1] = last
            } else {
                groups.append(
                    FindingGroup(findings: [finding], curl: curl, statuses: finding.status.map { [$0] } ?? [])
                )
            }
        }
        if groups.isEmpty, let curl = result.curl {
            groups.append(FindingGroup(findings: [], curl: curl, statuses: []))
        }
        return groups
    }
}

extension CaseResult {
    /// The statuses the case's findings are about (else its response's), for a one-line summary
    /// such as `FAIL get_x/positive_data_acceptance → 400, 404`.
    public var findingStatuses: [Int] {
        var statuses: [Int] = []
        for status in findings.compactMap(\.status) where !statuses.contains(status) {
            statuses.append(status)
        }
        if statuses.isEmpty, let status = response?.status { statuses.append(status) }
        return statuses
    }
}
