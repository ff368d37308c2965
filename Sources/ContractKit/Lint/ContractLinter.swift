import JSONSchema

/// Checks that a structurally sound contract also makes sense: ids are unique, path placeholders
/// are defined, `$ref`s resolve, variables are captured before they are used, and expected statuses
/// are declared.
struct ContractLinter {
    let contract: Contract
    /// Whether the contract was converted from a description (OpenAPI, Swagger): warnings then name
    /// the operation by method and path and speak of the description, which is what its author edits.
    var isDescription = false

    /// How a warning names `endpoint`: `GET /pets/{id}` in a description, `endpoint "getPet"` in a contract.
    private func subject(_ endpoint: Endpoint) -> String {
        isDescription ? endpoint.displayName : "endpoint \"\(endpoint.id)\""
    }

    private var document: String { isDescription ? "description" : "contract" }

    func problems() -> [ContractProblem] {
        var log = ProblemLog()
        checkEndpointIdentity(&log)
        for endpoint in contract.endpoints {
            checkPathParameters(endpoint, &log)
            checkExamples(endpoint, &log)
            checkRejection(endpoint, &log)
            checkRefusal(endpoint, &log)
            checkSatisfiable(endpoint, &log)
        }
        var references = ProblemLog()
        checkReferences(&references)
        log.append(contentsOf: references.problems)
        checkVariables(&log)
        let linter = SchemaLinter(
            contract: contract, reportedReferences: Set(references.problems.map(\.pointer)))
        log.append(contentsOf: linter.problems())
        return log.problems
    }

    private func checkEndpointIdentity(_ log: inout ProblemLog) {
        var ids: [String: JSONPointer] = [:]
        var routes: [String: String] = [:]
        for endpoint in contract.endpoints {
            if endpoint.id.isEmpty {
                continue
            }
            if let first = ids[endpoint.id] {
                log.error(
                    "duplicate endpoint id \"\(endpoint.id)\" (first at \(first.displayText))",
                    at: endpoint.pointer.appending("id"))
            } else {
                ids[endpoint.id] = endpoint.pointer
            }
            // Paths that differ only by a `#fragment` route alike but declare two operations on purpose.
            let route =
                endpoint.method + " " + endpoint.path.shape + (endpoint.path.fragment.map { "#" + $0 } ?? "")
            if let first = routes[route] {
                log.error(
                    "\(endpoint.displayName) is declared twice (also by endpoint \"\(first)\")",
                    at: endpoint.pointer.appending("path"))
            } else {
                routes[route] = endpoint.id
            }
        }
    }

    private func checkPathParameters(_ endpoint: Endpoint, _ log: inout ProblemLog) {
        let declared = endpoint.parameters(in: .path).map(\.name)
        for name in endpoint.path.parameterNames where !declared.contains(name) {
            log.error(
                "path placeholder {\(name)} has no definition; add \"parameters\": {\"path\": {\"\(name)\": {\"schema\": {\"type\": \"string\"}}}}",
                at: endpoint.pointer.appending("path"))
        }
        for parameter in endpoint.parameters(in: .path)
        where !endpoint.path.parameterNames.contains(parameter.name) {
            var message =
                "path parameter \"\(parameter.name)\" does not appear in the path \"\(endpoint.path.template)\""
            if let suggestion = Suggestion.closest(to: parameter.name, in: endpoint.path.parameterNames) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            log.error(message, at: parameter.pointer)
        }
    }

    private func checkExamples(_ endpoint: Endpoint, _ log: inout ProblemLog) {
        var names = Set<String>()
        for example in endpoint.examples {
            if !names.insert(example.name).inserted {
                log.error(
                    "duplicate example name \"\(example.name)\" in endpoint \"\(endpoint.id)\"",
                    at: example.pointer.appending("name"))
            }
            if let status = example.expectedStatus, endpoint.response(for: status) == nil {
                let declared = endpoint.responses.map { $0.status.description }.joined(separator: ", ")
                log.error(
                    "example expects status \(status), which endpoint \"\(endpoint.id)\" does not declare"
                        + (declared.isEmpty ? "" : " (declared: \(declared))"),
                    at: example.pointer.appending("expect").appending("status"))
            }
            let placeholders = endpoint.path.parameterNames
            for parameter in example.pathParameters where !placeholders.contains(parameter.name) {
                var message =
                    "example sets path parameter \"\(parameter.name)\", which is not in \"\(endpoint.path.template)\""
                if let suggestion = Suggestion.closest(to: parameter.name, in: placeholders) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                log.error(message, at: example.pointer.appending("pathParameters").appending(parameter.name))
            }
            for name in placeholders where !example.pathParameters.contains(where: { $0.name == name }) {
                log.error("example gives no value for path parameter \"\(name)\"", at: example.pointer)
            }
            let queryNames = endpoint.parameters(in: .query).map(\.name)
            for parameter in example.query where !queryNames.contains(parameter.name) {
                var message =
                    "example sets query parameter \"\(parameter.name)\", which endpoint \"\(endpoint.id)\" does not declare"
                if let suggestion = Suggestion.closest(to: parameter.name, in: queryNames) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                log.warning(message, at: example.pointer.appending("query").appending(parameter.name))
            }
            if (example.body != nil || example.rawBody != nil) && endpoint.request == nil {
                log.warning(
                    "example sends a body, but endpoint \"\(endpoint.id)\" declares no \"request\"",
                    at: example.pointer)
            }
        }
    }

    /// An endpoint that can receive an invalid request should declare how it rejects one; without
    /// any 4xx or `default` response the mock has to answer with a status the contract never
    /// declares.
    private func checkRejection(_ endpoint: Endpoint, _ log: inout ProblemLog) {
        let canBeInvalid =
            endpoint.request != nil
            || endpoint.parameters.contains { $0.schemaPointer != nil || $0.isRequired }
        guard canBeInvalid else { return }
        guard !endpoint.declaresClientError else { return }
        log.warning(
            "\(subject(endpoint)) declares no 4xx or \"default\" response, so the \(document) does not say how an invalid "
                + "request is rejected: a tester cannot check the status or the body of a rejection (the mock answers "
                + "400 with an error body of its own); declare a 400 response",
            at: endpoint.pointer.appending("responses"))
    }

    /// A secured endpoint should declare how it turns away a call without valid credentials;
    /// without a 401, 403, 4XX or `default` response the mock answers one the contract never
    /// declares.
    private func checkRefusal(_ endpoint: Endpoint, _ log: inout ProblemLog) {
        guard let auth = contract.auth, !auth.allowsAnonymous(endpoint.id) else { return }
        let refuses = endpoint.responses.contains {
            [.code(401), .code(403), .range(4), .default].contains($0.status)
        }
        guard !refuses else { return }
        log.warning(
            "\(subject(endpoint)) declares security but no 401, 403, 4XX or \"default\" response, so the \(document) "
                + "does not say how a call without valid credentials is refused: a tester cannot check that refusal "
                + "(the mock answers 401 with WWW-Authenticate); declare a 401 response",
            at: endpoint.pointer.appending("responses"))
    }

    /// An endpoint whose every alternative needs a scheme Conform cannot present (mutualTLS, an
    /// undeclared name) can never be called with credentials: `run` and `fuzz` expect a refusal.
    private func checkSatisfiable(_ endpoint: Endpoint, _ log: inout ProblemLog) {
        guard let auth = contract.auth, !auth.allowsAnonymous(endpoint.id) else { return }
        let alternatives = auth.requirements(for: endpoint.id)
        let blocked = alternatives.compactMap { requirement in
            requirement.first { !$0.isPresentable }
        }
        guard !alternatives.isEmpty, blocked.count == alternatives.count else { return }
        let names = blocked.map { scheme -> String in
            guard case .unsupported(let kind) = scheme.kind else { return scheme.name }
            return "\"\(scheme.name)\" (\(kind))"
        }
        log.warning(
            "endpoint \"\(endpoint.id)\" can never be satisfied: every security requirement needs a scheme "
                + "Conform cannot present (\(Set(names).sorted().joined(separator: ", "))); its calls expect to be "
                + "turned away with 401 or 403",
            at: endpoint.pointer)
    }

    /// Every local `$ref` (`#/…`) anywhere in the document must point at something.
    private func checkReferences(_ log: inout ProblemLog) {
        func walk(_ value: JSONValue, _ pointer: JSONPointer) {
            switch value {
            case .object(let object):
                if case .string(let reference)? = object["$ref"], reference.hasPrefix("#") {
                    let fragment = String(reference.dropFirst()).removingPercentEncodingIfPossible
                    if let target = JSONPointer(fragment) {
                        if target.resolve(in: contract.document) == nil {
                            var message = "$ref \"\(reference)\" points at nothing in this \(document)"
                            if isDescription, target.tokens.count >= 2, target.tokens[0] == "schemas" {
                                message =
                                    "$ref to schema \"\(target.tokens[1])\" points at nothing in this description"
                            }
                            if target.tokens.count == 2, target.tokens[0] == "schemas",
                                let names = contract.document["schemas"]?.objectValue?.keys,
                                let suggestion = Suggestion.closest(to: target.tokens[1], in: names)
                            {
                                message += "; did you mean \"#/schemas/\(suggestion)\"?"
                            }
                            log.error(message, at: pointer.appending("$ref"))
                        }
                    }
                }
                for member in object.members where !(member.key == "example" || member.key == "examples") {
                    walk(member.value, pointer.appending(member.key))
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, pointer.appending(index)) }
            default:
                break
            }
        }
        walk(contract.document, .root)
    }

    private func checkVariables(_ log: inout ProblemLog) {
        let plan = Plan(contract: contract)
        for problem in plan.problems { log.append(contentsOf: [problem]) }
    }
}

extension String {
    fileprivate var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
