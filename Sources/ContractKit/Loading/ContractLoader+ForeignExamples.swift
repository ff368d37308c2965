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
        guard !strict else {
            _ = examplesWithBrokenParameters(contract, problems: &problems, strict: true)
            return
        }
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
                    "; the example is left out, so the mock serves a body generated from the schema instead (an error with --strict)"
                brokenResponses.insert(example.parent)
            } else if problems[index].message.hasPrefix("example body is invalid by the request schema"),
                let example = examples.first(where: { pointer.tokens.starts(with: $0.tokens) })
            {
                problems[index].message += "; this example is not replayed (an error with --strict)"
                brokenRequests.insert(example)
            }
        }
        brokenRequests.formUnion(examplesWithBrokenParameters(contract, problems: &problems, strict: false))
        guard !brokenResponses.isEmpty || !brokenRequests.isEmpty else { return }
        for index in contract.endpoints.indices {
            for response in contract.endpoints[index].responses.indices
            where brokenResponses.contains(contract.endpoints[index].responses[response].pointer) {
                contract.endpoints[index].responses[response].example = nil
            }
            contract.endpoints[index].examples.removeAll { brokenRequests.contains($0.pointer) }
        }
    }

    /// Replay examples that send a parameter value its schema rejects (`example: "abc"` for an
    /// integer): each a warning at the value, and the example's pointer, to leave it out.
    private static func examplesWithBrokenParameters(
        _ contract: Contract, problems: inout [ContractProblem], strict: Bool
    ) -> Set<JSONPointer> {
        let navigator = SchemaNavigator(document: contract.document)
        var compiled: [JSONPointer: Schema?] = [:]
        var broken = Set<JSONPointer>()
        for endpoint in contract.endpoints {
            for example in endpoint.examples {
                let sent: [(Parameter.Location, String, [(name: String, value: JSONValue)])] = [
                    (.path, "pathParameters", example.pathParameters), (.query, "query", example.query),
                    (.header, "headers", example.headers),
                ]
                for (location, key, values) in sent {
                    for (name, value) in values where Template.variables(in: value).isEmpty {
                        guard
                            let parameter = endpoint.parameters(in: location).first(where: {
                                location == .header
                                    ? $0.name.lowercased() == name.lowercased() : $0.name == name
                            }),
                            let pointer = parameter.schemaPointer
                        else { continue }
                        if compiled[pointer] == nil {
                            compiled[pointer] = try? Schema(
                                document: contract.document, at: pointer, baseURI: contract.baseURI,
                                options: SchemaOptions(assertsFormats: contract.assertsFormats))
                        }
                        guard let schema = compiled[pointer] ?? nil else { continue }
                        let typed: JSONValue
                        if case .string(let text) = Template.literal(value) {
                            typed = navigator.coerce(text, to: navigator.schema(at: pointer))
                        } else {
                            typed = Template.literal(value)
                        }
                        guard let error = schema.validate(typed).errors.first else { continue }
                        problems.append(
                            ContractProblem(
                                "example sends \(location.rawValue) parameter \"\(name)\" = \(value.compactText), which its schema rejects (\(error.message))\(strict ? "" : "; this example is not replayed (an error with --strict)")",
                                at: example.pointer.appending(key).appending(name),
                                severity: strict ? .error : .warning))
                        broken.insert(example.pointer)
                    }
                }
            }
        }
        return broken
    }
}
