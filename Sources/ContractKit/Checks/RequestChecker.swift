public import ConformHTTP
public import JSONSchema

/// Judges a request a client sent: which operation it names, then its parameters, credentials,
/// content type and body, by the same rules the mock answers by (``OperationRouter``, the mock's
/// request validation and security gate, moved here so there is one home for them).
///
/// Every finding is about the client (``CheckName/side`` is ``CheckName/Side/request``):
/// `request_conformance` for the operation, parameters, credentials and content type,
/// `request_schema_conformance` for the body. Credentials are checked for their place and form
/// only; whether a token is valid is the server's business, and its answer says so.
///
/// ```swift
/// let checker = RequestChecker(contract: contract, schemas: ContractSchemas(contract: contract))
/// let outcome = checker.check(HTTPRequest(method: "POST", url: "/order", body: Array("{}".utf8)))
/// outcome.findings.map(\.message)  // ["expected Content-Type \"application/json\", got no Content-Type"]
/// ```
public struct RequestChecker: Sendable {
    public let contract: Contract
    public let schemas: ContractSchemas
    private let router: OperationRouter
    private let validator: RequestValidator

    public init(contract: Contract, schemas: ContractSchemas) {
        self.contract = contract
        self.schemas = schemas
        self.router = OperationRouter(endpoints: contract.endpoints)
        self.validator = RequestValidator(
            contract: contract, schemas: schemas, navigator: SchemaNavigator(document: contract.document))
    }

    /// The operation a request names, if any.
    public enum Match: Sendable {
        case endpoint(Endpoint, pathValues: [String: String])
        /// No operation: the reason says whether the path or only the method is unknown.
        case unmatched(reason: String)

        /// The operation, when the request names one.
        public var endpoint: Endpoint? {
            if case .endpoint(let endpoint, _) = self { return endpoint }
            return nil
        }
    }

    /// What checking one request found.
    public struct Outcome: Sendable {
        public var match: Match
        public var findings: [Finding]
        /// The request checks that ran (those the contract and the endpoint did not turn off).
        public var checksRun: [CheckName]
    }

    /// Checks `request`, whose `path` relative to the API's root is `path` (the request's own path
    /// by default; a proxy or a HAR file strips the server's base path first).
    public func check(_ request: HTTPRequest, path: String? = nil) -> Outcome {
        let path = path ?? request.path
        let settings: CheckSettings
        let match: Match
        switch router.route(method: request.method, path: path) {
        case .noPath:
            settings = contract.checks
            match = .unmatched(reason: "no operation of the contract matches \(request.method) \(path)")
        case .methodNotAllowed(let allowed, let pathEndpoint):
            settings = contract.checks.refined(by: pathEndpoint.checks)
            match = .unmatched(
                reason:
                    "\(request.method) is not declared for \(path) (declared: \(allowed.joined(separator: ", ")))"
            )
        case .endpoint(let routed, let pathValues):
            let endpoint = variant(of: routed, for: request, pathValues: pathValues)
            settings = contract.checks.refined(by: endpoint.checks)
            match = .endpoint(endpoint, pathValues: pathValues)
        }
        let run = [CheckName.requestConformance, .requestSchemaConformance].filter(settings.isEnabled)
        var findings: [Finding] = []
        switch match {
        case .unmatched(let reason):
            findings.append(
                Finding(
                    check: .requestConformance, message: reason, expected: "an operation of \(contract.name)",
                    actual: "\(request.method) \(path)"))
        case .endpoint(let endpoint, let pathValues):
            findings += securityFindings(request, endpoint: endpoint)
            findings += validationFindings(request, endpoint: endpoint, pathValues: pathValues)
            findings += UndeclaredQuery(contract: contract, endpoint: endpoint).findings(in: request)
        }
        return Outcome(match: match, findings: findings.filter { run.contains($0.check) }, checksRun: run)
    }

    /// Among operations declared for one URL under path keys that differ by a `#fragment`, the
    /// first the request satisfies (the mock answers the same way), else the routed one.
    private func variant(of routed: Endpoint, for request: HTTPRequest, pathValues: [String: String])
        -> Endpoint
    {
        let variants = router.variants(of: routed)
        guard variants.count > 1 else { return routed }
        return variants.first {
            validator.violation(of: request, endpoint: $0, pathValues: pathValues) == nil
        } ?? routed
    }

    private func securityFindings(_ request: HTTPRequest, endpoint: Endpoint) -> [Finding] {
        let gate = AuthGate(contract: contract, endpoint: endpoint, request: request, mode: .presence)
        guard let refusal = gate.refusal() else { return [] }
        return [
            Finding(
                check: .requestConformance, message: refusal,
                expected: "credentials as \(endpoint.id) declares them", actual: "none in the declared place")
        ]
    }

    private func validationFindings(_ request: HTTPRequest, endpoint: Endpoint, pathValues: [String: String])
        -> [Finding]
    {
        validator.violations(of: request, endpoint: endpoint, pathValues: pathValues, extent: .all).map {
            violation in
            let check: CheckName =
                switch violation.part {
                case .parameter, .contentType: .requestConformance
                case .body: .requestSchemaConformance
                }
            return Finding(
                check: check, message: violation.message, pointer: violation.pointer,
                expected: violation.expected, actual: violation.actual)
        }
    }
}
