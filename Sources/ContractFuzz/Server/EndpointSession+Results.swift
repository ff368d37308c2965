import ContractKit
import JSONSchema

/// The cases a fuzzing session reports: one per check, each finding with the reproducer of its
/// own request and the status of its own response.
extension EndpointSession {
    func unreachableResult(for check: CheckName, _ error: TransportError) -> CaseResult {
        CaseResult(
            id: "\(endpoint.id)/\(check.rawValue)", endpointID: endpoint.id, name: check.rawValue,
            method: endpoint.method, path: endpoint.path.template, outcome: .error,
            findings: [
                Finding(
                    check: .notAServerError, message: error.description, expected: "a complete HTTP response",
                    actual: error.description)
            ],
            reason: "unreachable: \(error.description)", checks: [check], isUnreachable: true)
    }

    func caseResult(
        for check: CheckName, failures: [Failure], count: Int, stoppedEarly: Bool, notes: [String]
    ) -> CaseResult {
        let redaction = fuzzer.configuration.redaction
        var result = CaseResult(
            id: "\(endpoint.id)/\(check.rawValue)", endpointID: endpoint.id, name: check.rawValue,
            method: endpoint.method,
            path: endpoint.path.template, outcome: failures.isEmpty ? .passed : .failed, checks: [check])
        result.reason =
            "\(count) request\(count == 1 ? "" : "s") sent"
            + (stoppedEarly ? "; stopped by the time budget" : "")
            + notes.map { "; note: the server \($0)" }.joined()
        if count == 0 {
            result.outcome = .skipped
            result.reason = stoppedEarly ? "the time budget ran out before this check" : "nothing to send"
        }
        for failure in failures.prefix(10) {
            let curl = CurlCommand.render(failure.record, redaction: redaction)
            result.findings += failure.findings.map { finding in
                var finding = finding
                finding.curl = curl
                return finding
            }
        }
        if let first = failures.first {
            result.curl = CurlCommand.render(first.record, redaction: redaction)
            result.request = HTTPRequest(
                method: first.record.method, url: first.record.url, headers: first.record.headers,
                body: Array(first.record.body.prefix(65_536)))
            if let response = first.response {
                result.response = HTTPResponse(
                    status: response.status, headers: response.headers,
                    body: Array(response.body.prefix(Replayer.keptBodyBytes)), duration: response.duration,
                    redirects: response.redirects)
                result.duration = response.duration
            }
        }
        // The one place a fuzz result is redacted: reproducers, findings, headers and bodies alike.
        let secrets = failures.prefix(10).flatMap { redaction.secrets(in: $0.record.headers) }
        return redaction.redacting(result, extraSecrets: secrets)
    }
}
