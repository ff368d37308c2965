import ConformHTTP
import ContractKit
import JSONSchema

/// The cases a fuzzing session reports: one per check, each finding with the reproducer of its
/// own request and the status of its own response.
extension EndpointSession {
    /// The session's results once it sent what it could.
    func finish(planned: [CheckName], progress: inout Progress) -> ([CaseResult], [CheckName: Int]) {
        if let unreachable = progress.unreachable, !progress.answered {
            // Nothing listens there: every further request would fail the same way.
            return (Set(planned).sorted().map { unreachableResult(for: $0, unreachable) }, progress.sent)
        }
        reportBusy(&progress)
        return (results(planned: planned, progress: progress), progress.sent)
    }

    func unreachableResult(for check: CheckName, _ error: TransportError) -> CaseResult {
        let cases = CaseBuilder(redaction: fuzzer.configuration.redaction)
        var result = cases.failed(
            cases.start(id: "\(endpoint.id)/\(check.rawValue)", name: check.rawValue, endpoint: endpoint),
            by: error)
        result.checks = [check]
        return cases.finished(result)
    }

    /// The one case of an operation whose only success is a protocol switch: skipped, saying why.
    func protocolSwitchResult() -> CaseResult {
        let cases = CaseBuilder(redaction: fuzzer.configuration.redaction)
        let check = CheckName.positiveDataAcceptance
        var result = cases.start(
            id: "\(endpoint.id)/\(check.rawValue)", name: check.rawValue, endpoint: endpoint,
            outcome: .skipped)
        result.checks = [check]
        result.reason = Endpoint.protocolSwitchReason
        return cases.finished(result)
    }

    func caseResult(
        for check: CheckName, failures: [Failure], count: Int, stoppedEarly: Bool, notes: [String]
    ) -> CaseResult {
        let cases = CaseBuilder(redaction: fuzzer.configuration.redaction)
        var result = cases.start(
            id: "\(endpoint.id)/\(check.rawValue)", name: check.rawValue, endpoint: endpoint,
            outcome: failures.isEmpty ? .passed : .failed)
        result.checks = [check]
        result.reason =
            "\(count) request\(count == 1 ? "" : "s") sent"
            + (stoppedEarly ? "; stopped by the time budget" : "")
            + notes.map { "; note: the server \($0)" }.joined()
        if count == 0 {
            result.outcome = .skipped
            result.reason = stoppedEarly ? "the time budget ran out before this check" : "nothing to send"
        }
        let reported = failures.prefix(10)
        for failure in reported {
            let curl = cases.reproducer(failure.record)
            result.findings += failure.findings.map { finding in
                var finding = finding
                finding.curl = curl
                return finding
            }
        }
        if let first = failures.first {
            result.curl = cases.reproducer(first.record)
            result.request = cases.kept(first.record)
            if let response = first.response {
                result.response = cases.kept(response)
                result.duration = response.duration
            }
        }
        return cases.finished(result, sent: reported.map(\.record))
    }
}
