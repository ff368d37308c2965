import ConformHTTP

/// Finds query parameters a request sends that its operation does not declare: a server ignores
/// them, so a client that relies on one (a misspelt `?categry=`) gets an answer it did not ask for.
struct UndeclaredQuery {
    let contract: Contract
    let endpoint: Endpoint

    func findings(in request: HTTPRequest) -> [Finding] {
        let declared = endpoint.parameters(in: .query)
        let keys = apiKeyNames
        var reported: Set<String> = []
        var findings: [Finding] = []
        for pair in request.query where !reported.contains(pair.name) {
            guard !keys.contains(pair.name), !declared.contains(where: { accepts($0, name: pair.name) })
            else {
                continue
            }
            reported.insert(pair.name)
            var message =
                "query parameter \"\(pair.name)\" is not declared for \(endpoint.id), so the server ignores it"
            let names = declared.map(\.name)
            if let suggestion = Suggestion.closest(to: pair.name, in: names) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            findings.append(
                Finding(
                    check: .requestConformance, message: message,
                    expected: names.isEmpty ? "no query parameters" : names.joined(separator: ", "),
                    actual: pair.name))
        }
        return findings
    }

    /// Whether `parameter` reads a query pair named `name`: its own name, `name[key]` for a
    /// deepObject, or any name for an exploded form object (whose properties are the pairs).
    private func accepts(_ parameter: Parameter, name: String) -> Bool {
        if parameter.name == name { return true }
        switch parameter.style {
        case .deepObject: return name.hasPrefix(parameter.name + "[")
        case .form where parameter.explode: return isObject(parameter)
        default: return false
        }
    }

    private func isObject(_ parameter: Parameter) -> Bool {
        let navigator = SchemaNavigator(document: contract.document)
        guard let schema = parameter.schemaPointer.flatMap(navigator.schema(at:)) else { return false }
        return navigator.types(of: schema).contains("object")
    }

    /// Query names that carry an API key of one of the contract's security schemes (an app may
    /// send its key with every call, public ones included).
    private var apiKeyNames: Set<String> {
        Set(
            (contract.auth?.schemes ?? []).compactMap { scheme in
                if case .apiKey(.query, let name) = scheme.kind { return name }
                return nil
            })
    }
}
