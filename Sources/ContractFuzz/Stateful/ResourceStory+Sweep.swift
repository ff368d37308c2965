import ContractKit
import JSONSchema

/// The secured operations no resource story called without credentials (actions, reads outside
/// any resource, operations of resources whose story could not run): each is called once without
/// credentials and once with a wrong one, with a valid request otherwise. Where a story showed
/// that the server reads the wrong credential as an identity of its own, its success on a path
/// that names no item (Kinto's `DELETE /buckets`, `GET /permissions`) acts on that identity's own
/// things and is not `ignored_auth`.
extension ResourceStory {
    mutating func sweepAuth(_ endpoints: [Endpoint], live: inout LiveValues) async {
        guard let auth = contract.auth else { return }
        for endpoint in endpoints {
            guard !isPastDeadline, !auth.allowsAnonymous(endpoint.id),
                !auth.schemes(for: endpoint.id).isEmpty,
                let request = sweepRequest(for: endpoint, live: live)
            else { continue }
            for (label, credentials) in [
                ("without credentials", ContractAuth?.none),
                ("with a wrong credential", auth.withWrongCredentials()),
            ] {
                let step = await send(request, auth: .some(credentials))
                // No story case holds these answers: each finding is filed under its endpoint.
                if case .success(let response) = step.answer {
                    for finding in answerFindings(response, to: step.record, endpoint: endpoint) {
                        judged(finding.check, on: endpoint.id, finding)
                    }
                }
                let ownScope =
                    credentials != nil && live.wrongCredentialIsAnIdentity
                    && endpoint.path.parameterNames.isEmpty
                judgeIgnoredAuth(step, endpoint: endpoint, label, ownScope: ownScope)
            }
        }
    }

    /// A valid request to `endpoint` that reaches live items where its path names them, without
    /// the optional parameters.
    private mutating func sweepRequest(for endpoint: Endpoint, live: LiveValues) -> RequestDraft? {
        let generator = FuzzCaseGenerator(
            contract: contract, endpoint: endpoint, variables: live.variables, schemas: fuzzer.schemas,
            generator: fuzzer.generator, live: live, model: model)
        guard
            var request = generator.positive(count: 1, random: &random).first(where: {
                $0.intent == .positive
            })?.draft
        else { return nil }
        request.accept = nil
        let required = Set(endpoint.parameters.filter(\.isRequired).map(\.name))
        request.query.removeAll { !required.contains($0.name) }
        request.headers.removeAll { !required.contains($0.name) }
        return request
    }
}
