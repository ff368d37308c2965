public import ConformHTTP
public import ContractKit

/// Judges the exchanges of an app's own traffic against a contract: the request with
/// ``RequestChecker`` (the client's side), the response with ``ResponseChecker`` and every check of
/// `conform run` but the examples' assertions (the server's side). `conform proxy`, `conform check`
/// and the test-time URL protocol all use it, so one exchange gets one verdict wherever it was seen.
///
/// Each exchange becomes a ``CaseResult`` named after it, whose findings say by their check which
/// side broke the contract (``CheckName/side``), already redacted for any output.
///
/// ```swift
/// let checker = TrafficChecker(contract: contract, base: APIBase(url: "https://api.example.com/v1"))
/// let result = checker.check(TrafficExchange(name: "exchange 1", request: request, response: response))
/// for finding in result.findings { print(finding.check.side, finding.message) }
/// ```
public struct TrafficChecker: Sendable {
    /// The endpoint id of an exchange that names no operation of the contract.
    public static let unmatchedEndpointID = "unmatched"

    /// The response checks of traffic: those of `conform run`. With no example to assert on,
    /// `assertions` checks the contract's `filters` on the query the app sent.
    public static let responseChecks = Check.replayChecks

    public let contract: Contract
    public let schemas: ContractSchemas
    /// The API's base: its path (`/v1`) is taken off each request's path before it is matched to
    /// an operation, unless the exchange already carries its operation path.
    public var base: APIBase
    /// The body limit the exchanges were read with: a body over it went through unchecked.
    public var maximumBodyBytes: Int
    /// What every result hides.
    public var redaction: Redaction
    private let requestChecker: RequestChecker

    /// - Parameter schemas: the contract's compiled schemas; the process's shared ones when nil.
    public init(
        contract: Contract, schemas: ContractSchemas? = nil, base: APIBase = APIBase(url: ""),
        maximumBodyBytes: Int = TargetSettings.defaultMaximumBodyBytes, redaction: Redaction = Redaction()
    ) {
        let schemas = schemas ?? .shared(for: contract)
        self.contract = contract
        self.schemas = schemas
        self.base = base
        self.maximumBodyBytes = maximumBodyBytes
        self.redaction = redaction.addingHeaders(Self.apiKeyNames(contract, in: .header))
        self.requestChecker = RequestChecker(contract: contract, schemas: schemas)
    }

    /// The exchange's path as the contract writes paths: the one it carries, else its request's
    /// path without the API's base path.
    public func operationPath(of exchange: TrafficExchange) -> String {
        exchange.operationPath ?? base.operationTarget(exchange.request.path)
    }

    /// The verdict on one exchange, redacted.
    public func check(_ exchange: TrafficExchange) -> CaseResult {
        let builder = CaseBuilder(redaction: redaction)
        let path = operationPath(of: exchange)
        let requestOutcome = requestChecker.check(exchange.request, path: path)
        let endpoint = requestOutcome.match.endpoint
        var findings = requestOutcome.findings
        var checks = requestOutcome.checksRun
        if exchange.requestBodyUnchecked || !exchange.requestBodyRecorded {
            findings.removeAll { $0.check == .requestSchemaConformance }
        }
        if exchange.requestBodyUnchecked { findings.append(uncheckedBody(.requestSize, what: "request")) }
        let endpointID = endpoint?.id ?? Self.unmatchedEndpointID
        var result = CaseResult(
            id: "\(endpointID)/\(exchange.name)", endpointID: endpointID, name: exchange.name,
            method: exchange.request.method, path: endpoint?.path.template ?? path, outcome: .passed,
            request: builder.kept(exchange.request), duration: exchange.duration,
            curl: builder.reproducer(exchange.request))
        if let response = exchange.response {
            result.response = builder.kept(response)
            if let endpoint {
                let checked = responseFindings(exchange, response: response, endpoint: endpoint)
                findings += checked.findings
                checks += checked.checksRun
            }
        } else if let failure = exchange.failure {
            result = builder.failed(result, by: failure)
            findings += result.findings
        }
        result.findings = findings
        result.checks = checks
        let unrecorded = [
            exchange.requestBodyRecorded ? nil : "request", exchange.responseBodyRecorded ? nil : "response",
        ].compactMap { $0 }
        if !unrecorded.isEmpty, result.reason == nil {
            result.reason =
                "the record has no \(unrecorded.joined(separator: " or ")) body, so it was not judged"
        }
        if result.outcome == .passed && !findings.isEmpty { result.outcome = .failed }
        // API keys sent in the query are the app's real credentials too.
        let keys = Set(Self.apiKeyNames(contract, in: .query))
        let queryKeys = exchange.request.query.filter { keys.contains($0.name) && $0.value.count >= 4 }
        return redaction.redacting(
            result,
            extraSecrets: redaction.secrets(in: exchange.request.headers)
                + queryKeys.flatMap {
                    [$0.value, URLEncoding.query($0.value)]
                })
    }

    /// The names of the contract's API keys sent in `location`.
    static func apiKeyNames(_ contract: Contract, in location: ContractAuth.Scheme.Location) -> [String] {
        (contract.auth?.schemes ?? []).compactMap { scheme in
            if case .apiKey(location, let name) = scheme.kind { return name }
            return nil
        }
    }

    private func responseFindings(_ exchange: TrafficExchange, response: HTTPResponse, endpoint: Endpoint)
        -> ResponseChecker.Outcome
    {
        var response = response
        response.duration = exchange.duration
        var checks = Self.responseChecks
        if exchange.responseBodyUnchecked {
            // Only the first bytes are here: the checks of the whole body would judge a torso.
            checks.removeAll { [.responseSchemaConformance, .duplicateKeys, .assertions].contains($0.name) }
        }
        if !exchange.responseBodyRecorded {
            // No bytes at all: the type's signature cannot be judged either.
            checks.removeAll {
                [.responseSchemaConformance, .duplicateKeys, .contentTypeConformance, .assertions].contains(
                    $0.name)
            }
        }
        let checker = ResponseChecker(contract: contract, schemas: schemas, checks: checks)
        var outcome = checker.check(response, to: exchange.request, endpoint: endpoint)
        if exchange.responseBodyUnchecked {
            var finding = uncheckedBody(.responseSize, what: "response")
            finding.status = response.status
            outcome.findings.append(finding)
        }
        return outcome
    }

    private func uncheckedBody(_ check: CheckName, what: String) -> Finding {
        let limit = "\(maximumBodyBytes / 1_048_576) MiB"
        let shown = maximumBodyBytes >= 1_048_576 ? limit : "\(maximumBodyBytes) bytes"
        return Finding(
            check: check,
            message: "the \(what) body is larger than --max-body (\(shown)): it went through unchecked",
            expected: "a body within --max-body", actual: "more than \(shown)")
    }

    /// Which declared statuses of each operation the exchanges saw, and which they never did.
    public func coverage(of cases: [CaseResult]) -> [EndpointCoverage] {
        EndpointCoverage.of(contract.endpoints, in: cases)
    }
}
