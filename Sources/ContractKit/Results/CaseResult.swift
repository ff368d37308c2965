public import ConformHTTP

/// The outcome of one case of a run.
public struct CaseResult: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        /// Every check passed.
        case passed
        /// A check failed: the server broke the contract.
        case failed
        /// No complete response: connection refused, timeout, reset, missing variable.
        case error
        /// Not run: filtered out, or a case it depends on could not run.
        case skipped
    }

    /// `endpointId/example name`.
    public var id: String
    public var endpointID: String
    public var name: String
    public var method: String
    public var path: String
    public var outcome: Outcome
    public var findings: [Finding]
    /// Why the case errored or was skipped.
    public var reason: String?
    /// The checks that ran on the response.
    public var checks: [CheckName]
    public var request: HTTPRequest?
    public var response: HTTPResponse?
    public var duration: Duration
    public var curl: String?
    /// Attempts made (more than one when `--retries` repeated a transport failure).
    public var attempts: Int
    /// The case errored because the server could not be reached at all (refused, unknown host),
    /// as opposed to a server that answered badly.
    public var isUnreachable: Bool

    public init(
        id: String, endpointID: String, name: String, method: String, path: String, outcome: Outcome,
        findings: [Finding] = [], reason: String? = nil, checks: [CheckName] = [],
        request: HTTPRequest? = nil,
        response: HTTPResponse? = nil, duration: Duration = .zero, curl: String? = nil, attempts: Int = 1,
        isUnreachable: Bool = false
    ) {
        self.id = id
        self.endpointID = endpointID
        self.name = name
        self.method = method
        self.path = path
        self.outcome = outcome
        self.findings = findings
        self.reason = reason
        self.checks = checks
        self.request = request
        self.response = response
        self.duration = duration
        self.curl = curl
        self.attempts = attempts
        self.isUnreachable = isUnreachable
    }
}
