public import ConformHTTP
public import JSONSchema

/// Runs checks on one exchange: parses the JSON body once, applies the contract's and endpoint's
/// check settings, and returns the findings. `conform run` and `conform fuzz` both use it, so a
/// response is judged the same way whichever command sent the request.
public struct ResponseChecker: Sendable {
    public var contract: Contract
    public var schemas: ContractSchemas
    public var checks: [Check]

    public init(contract: Contract, schemas: ContractSchemas, checks: [Check] = Check.replayChecks) {
        self.contract = contract
        self.schemas = schemas
        self.checks = checks
    }

    /// The outcome of checking one response.
    public struct Outcome: Sendable {
        public var findings: [Finding]
        /// The checks that ran (those the contract did not turn off).
        public var checksRun: [CheckName]
        /// The JSON body as the checks saw it.
        public var parsedBody: ParsedJSONBody?

        /// The parsed body, when the response is JSON and parses; built only when asked for.
        public var body: JSONValue? { try? parsedBody?.value.get() }
    }

    /// One cause, one finding: a 5xx is said by `not_a_server_error`, so `status_code_conformance`
    /// does not repeat that the status is undeclared; a body whose content type is not the declared
    /// one (an HTML error page where JSON is declared) is said by `content_type_conformance`, so
    /// `response_schema_conformance` does not judge it against the declared schema.
    static func oneFindingPerCause(_ findings: [Finding]) -> [Finding] {
        var findings = findings
        if findings.contains(where: { $0.check == .notAServerError }) {
            findings.removeAll { $0.check == .statusCodeConformance }
        }
        if findings.contains(where: { $0.check == .contentTypeConformance }) {
            findings.removeAll { $0.check == .responseSchemaConformance }
        }
        return findings
    }

    public func check(
        _ response: HTTPResponse, to request: HTTPRequest, endpoint: Endpoint, example: Example? = nil,
        variables: [String: JSONValue] = [:]
    ) -> Outcome {
        var context = CheckContext(
            contract: contract, schemas: schemas, endpoint: endpoint, example: example, request: request,
            response: response, variables: variables, settings: contract.checks.refined(by: endpoint.checks))
        let declaresJSON = context.responseSpec?.isJSON ?? false
        if !context.hasNoContent,
            declaresJSON || response.header("Content-Type").map(MediaType.isJSON) == true
        {
            if !(response.body.isEmpty && !declaresJSON) {
                context.parsedBody = ParsedJSONBody(bytes: response.body)
            }
        }
        var outcome = Outcome(findings: [], checksRun: [], parsedBody: context.parsedBody)
        for check in checks where context.settings.isEnabled(check.name) {
            outcome.checksRun.append(check.name)
            outcome.findings += check.run(context).map { finding in
                var finding = finding
                finding.status = finding.status ?? response.status
                return finding
            }
        }
        outcome.findings = Self.oneFindingPerCause(outcome.findings)
        return outcome
    }
}
