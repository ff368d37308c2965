import ContractKit

/// The text of a case's problems, as `conform run` and `conform fuzz` print them, for test failures:
/// one message per request that went wrong, each finding with its steps (a stateful story's
/// requests) and the request's reproducer once.
enum FindingMessage {
    static func lines(for result: CaseResult) -> [String] {
        switch result.outcome {
        case .passed:
            return []
        case .skipped:
            return ["\(result.id) was not run: \(result.reason ?? "skipped")"]
        case .error, .failed:
            if result.findings.isEmpty { return ["\(result.id): \(result.reason ?? "failed")"] }
            return FindingGroup.groups(of: result).map { group in
                var text = group.findings.map { finding in
                    let side = finding.check.side == .request ? " (the client's request)" : ""
                    var text = "\(result.id) — \(finding.check.rawValue)\(side): \(finding.message)"
                    if let pointer = finding.pointer, !pointer.isEmpty { text += "\n  at \(pointer)" }
                    if let expected = finding.expected { text += "\n  expected: \(expected)" }
                    if let actual = finding.actual { text += "\n  actual:   \(actual)" }
                    for step in finding.steps { text += "\n  \(step)" }
                    return text
                }.joined(separator: "\n")
                if let curl = group.curl { text += "\n  reproduce: \(curl)" }
                return text
            }
        }
    }
}
