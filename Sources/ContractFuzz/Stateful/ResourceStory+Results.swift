import ContractKit

/// A story's cases: one per stateful check it judged, and one for the response checks of its steps.
extension ResourceStory {
    /// The endpoint the story's own case is filed under: the one that creates, else lists, else reads.
    var primaryEndpointID: String {
        resource.operations[.create] ?? resource.operations[.list] ?? resource.operations[.read]
            ?? resource.operations.values.sorted().first ?? resource.name
    }

    func cases() -> [CaseResult] {
        let redaction = fuzzer.configuration.redaction
        if foundNoServer, let error = unreachable {
            var result = skippedCase("unreachable: \(error.description)")
            result.outcome = .error
            result.isUnreachable = true
            result.findings = [
                Finding(
                    check: .notAServerError, message: error.description, expected: "a complete HTTP response",
                    actual: error.description)
            ]
            return [result]
        }
        var results: [CaseResult] = tallies.keys.sorted().compactMap { key in
            let check = key.check
            guard let tally = tallies[key], let endpoint = contract.endpoint(tally.endpointID) else {
                return nil
            }
            var result = CaseResult(
                id: "\(endpoint.id)/\(check.rawValue)", endpointID: endpoint.id, name: check.rawValue,
                method: endpoint.method, path: endpoint.path.template,
                outcome: tally.findings.isEmpty ? .passed : .failed, findings: tally.findings,
                reason:
                    "\(tally.count) judgement\(tally.count == 1 ? "" : "s") in the life of \(resource.name)",
                checks: [check])
            result.curl = tally.findings.first?.curl
            return redaction.redacting(result)
        }
        if let endpoint = contract.endpoint(primaryEndpointID) {
            // Nothing judged because nothing could be created: not a pass.
            if tallies.isEmpty, responseFindings.isEmpty, let createProblem {
                return [redaction.redacting(skippedCase("no item to follow: \(createProblem)"))]
            }
            let checks = Array(Set(responseFindings.map(\.check))).sorted()
            var result = CaseResult(
                id: "\(endpoint.id)/sequence", endpointID: endpoint.id, name: "sequence",
                method: endpoint.method,
                path: endpoint.path.template, outcome: responseFindings.isEmpty ? .passed : .failed,
                findings: responseFindings,
                reason: "\(sent) request\(sent == 1 ? "" : "s") in the life of \(resource.name)"
                    + (createProblem.map { "; no item created: \($0)" } ?? ""),
                checks: checks.isEmpty ? EndpointSession.responseChecks.map(\.name) : checks)
            result.curl = responseFindings.first?.curl
            results.append(redaction.redacting(result))
        }
        return results
    }

    func skippedCase(_ reason: String) -> CaseResult {
        let endpoint = contract.endpoint(primaryEndpointID)
        return CaseResult(
            id: "\(primaryEndpointID)/sequence", endpointID: primaryEndpointID, name: "sequence",
            method: endpoint?.method ?? "", path: endpoint?.path.template ?? "", outcome: .skipped,
            reason: reason)
    }
}
