public import ConformHTTP

/// Builds the case results of every command that sends requests (`run`, `fuzz` and its stories):
/// the one place a case gets its shape, a transport failure becomes a finding, a request gets its
/// reproducer, bodies are clipped for the reports, and secrets are masked before the result leaves.
///
/// Commands keep their own verdicts (what a response means for a replay, a fuzzed request, a
/// story); how the evidence of an exchange is written down is the same for all of them.
public struct CaseBuilder: Sendable {
    public let redaction: Redaction

    /// How much of a response body a result keeps (checks see all of it): 1 MiB.
    public static let keptResponseBytes = 1_048_576
    /// How much of a request body a result keeps: 64 KiB.
    public static let keptRequestBytes = 65_536

    public init(redaction: Redaction) { self.redaction = redaction }

    /// A case about `endpoint`, named `name` (`listMenu/desserts only`, `getPet/use_after_free`),
    /// before its evidence is added.
    public func start(id: String, name: String, endpoint: Endpoint, outcome: CaseResult.Outcome = .passed)
        -> CaseResult
    {
        CaseResult(
            id: id, endpointID: endpoint.id, name: name, method: endpoint.method,
            path: endpoint.path.template,
            outcome: outcome)
    }

    /// The command that sends `request` again, credentials masked.
    public func reproducer(_ request: HTTPRequest) -> String {
        CurlCommand.render(request, redaction: redaction)
    }

    /// The finding of an exchange that gave no usable response: an oversized body is its own
    /// check (`response_size`); anything else means no complete response.
    public static func finding(for error: TransportError) -> Finding {
        switch error.check {
        case .responseSize:
            return Finding(
                check: .responseSize, message: error.description, expected: "a body within --max-body",
                actual: error.description)
        default:
            return Finding(
                check: .notAServerError, message: error.description, expected: "a complete HTTP response",
                actual: error.description)
        }
    }

    /// `result` as an error for want of a response: the finding, and the reason a reader sees.
    public func failed(_ result: CaseResult, by error: TransportError) -> CaseResult {
        var result = result
        result.outcome = .error
        result.reason = (error.isUnreachable ? "unreachable: " : "") + error.description
        result.isUnreachable = error.isUnreachable
        result.findings = [Self.finding(for: error)]
        return result
    }

    /// The request as a result keeps it.
    public func kept(_ request: HTTPRequest) -> HTTPRequest {
        guard request.body.count > Self.keptRequestBytes else { return request }
        var kept = request
        kept.body = Array(request.body.prefix(Self.keptRequestBytes))
        return kept
    }

    /// The response as a result keeps it.
    public func kept(_ response: HTTPResponse) -> HTTPResponse {
        guard response.body.count > Self.keptResponseBytes else { return response }
        var kept = response
        kept.body = Array(response.body.prefix(Self.keptResponseBytes))
        return kept
    }

    /// `result` ready to leave the process: every secret masked in its findings, reproducers,
    /// reason, headers and bodies, including the credentials carried by the requests it `sent`
    /// (which the result may not keep). Called once per case, at the end.
    public func finished(_ result: CaseResult, sent: [HTTPRequest] = []) -> CaseResult {
        redaction.redacting(result, extraSecrets: sent.flatMap { redaction.secrets(in: $0.headers) })
    }
}

extension CaseResult.Outcome {
    /// Whether the case counts against the run: a check failed, or no complete response came.
    public var isProblem: Bool { self == .failed || self == .error }
}
