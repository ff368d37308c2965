import JSONSchema

extension ContractLoader {
    /// Examples that break their schema in a description someone else wrote (an OpenAPI document)
    /// must not block its other operations: each becomes a warning named with its pointer, and the
    /// example is left out, so the mock generates a body from the schema instead of serving it, and
    /// `run` builds the call from the schemas instead of sending it. With `strict`, they stay errors.
    ///
    /// A contract written for Conform keeps them as errors: there the example is ours to fix.
    static func setAsideBrokenExamples(
        _ contract: inout Contract, problems: inout [ContractProblem], strict: Bool
    ) {
        guard !strict else { return }
        var brokenResponses = Set<JSONPointer>()
        var brokenRequests = Set<JSONPointer>()
        let responses = contract.endpoints.flatMap { $0.responses.map { $0.pointer.appending("example") } }
        let examples = contract.endpoints.flatMap { $0.examples.map(\.pointer) }
        for index in problems.indices {
            let pointer = problems[index].pointer
            if problems[index].severity == .error,
                let example = responses.first(where: { pointer.tokens.starts(with: $0.tokens) })
            {
                problems[index].severity = .warning
                problems[index].message +=
                    "; this example is not served by the mock (errors only with --strict)"
                brokenResponses.insert(example.parent)
            } else if problems[index].message.hasPrefix("example body is invalid by the request schema"),
                let example = examples.first(where: { pointer.tokens.starts(with: $0.tokens) })
            {
                problems[index].message += "; this example is not replayed (errors only with --strict)"
                brokenRequests.insert(example)
            }
        }
        guard !brokenResponses.isEmpty || !brokenRequests.isEmpty else { return }
        for index in contract.endpoints.indices {
            for response in contract.endpoints[index].responses.indices
            where brokenResponses.contains(contract.endpoints[index].responses[response].pointer) {
                contract.endpoints[index].responses[response].example = nil
            }
            contract.endpoints[index].examples.removeAll { brokenRequests.contains($0.pointer) }
        }
    }
}
