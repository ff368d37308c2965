import ContractKit

/// A story's cases: one per stateful check it judged, and one for the response checks of its steps.
extension ResourceStory {
    /// The endpoint the story's own case is filed under: the one that creates, else lists, else reads.
    var primaryEndpointID: String {
        resource.operations[.create] ?? resource.operations[.list] ?? resource.operations[.read]
            ?? resource.operations.values.sorted().first ?? resource.name
    }

    func cases() -> [CaseResult] {
        let cases = CaseBuilder(redaction: fuzzer.configuration.redaction)
        // Every request of the story carried the run's credentials: masked wherever they echo.
        let sent = log.steps.map(\.record)
        if foundNoServer, let error = unreachable {
            var result = skippedCase("")
            result = cases.failed(result, by: error)
            return [cases.finished(result)]
        }
        var results: [CaseResult] = tallies.keys.sorted().compactMap { key in
            let check = key.check
            guard let tally = tallies[key], let endpoint = contract.endpoint(tally.endpointID) else {
                return nil
            }
            var result = cases.start(
                id: "\(endpoint.id)/\(check.rawValue)", name: check.rawValue, endpoint: endpoint,
                outcome: tally.findings.isEmpty ? .passed : .failed)
            result.findings = tally.findings
            result.reason =
                "\(tally.count) judgement\(tally.count == 1 ? "" : "s") in the life of \(resource.name)"
            result.checks = [check]
            result.curl = tally.findings.first?.curl
            return cases.finished(result, sent: sent)
        }
        if let endpoint = contract.endpoint(primaryEndpointID) {
            // A story that followed no item did not run, whatever its listings showed: not a pass.
            if responseFindings.isEmpty,
                let reason = notRun ?? createProblem.map({ "no item to follow: \($0)" })
            {
                return results + [cases.finished(skippedCase(reason), sent: sent)]
            }
            let checks = Array(Set(responseFindings.map(\.check))).sorted()
            var result = cases.start(
                id: "\(endpoint.id)/sequence", name: "sequence", endpoint: endpoint,
                outcome: responseFindings.isEmpty ? .passed : .failed)
            result.findings = responseFindings
            result.reason =
                "\(self.sent) request\(self.sent == 1 ? "" : "s") in the life of \(resource.name)"
                + (createProblem.map { "; no item created: \($0)" } ?? "")
            result.checks = checks.isEmpty ? EndpointSession.responseChecks.map(\.name) : checks
            result.curl = responseFindings.first?.curl
            // The story's time is its steps' answers, one after the other.
            result.duration = log.steps.reduce(Duration.zero) {
                $0 + ((try? $1.answer.get().duration) ?? .zero)
            }
            results.append(cases.finished(result, sent: sent))
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
