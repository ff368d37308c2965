public import ConformHTTP

/// How Conform talks to the server under test: where it is, what every request carries, how long
/// an answer may take and how large it may be, what output hides, and how many requests go out at
/// once. `conform run`, `conform fuzz` and `ContractTesting` all build this one type, so a default
/// is defined once (the `default…` constants below) and the CLI's `--help` shows that same value.
///
/// ```swift
/// var target = TargetSettings(baseURL: "http://127.0.0.1:8080")
/// target.timeout = .seconds(5)
/// let replayer = Replayer(contract: contract, configuration: .init(target: target))
/// ```
public struct TargetSettings: Sendable {
    /// The server's base URL; endpoint paths are appended to it.
    public var baseURL: String
    /// Headers added to every request (`--header`), replacing the example's of the same name.
    public var headers: HTTPFields
    /// The deadline of each whole exchange (connect, send, headers, body, redirects).
    public var timeout: Duration
    /// The largest response body accepted (`--max-body`); a larger one is a `response_size` finding.
    public var maximumBodyBytes: Int
    /// Follow same-origin redirects (`--follow-redirects`); by default a 3xx is the response checked.
    public var followRedirects: Bool
    /// What output, reports and recorded samples hide.
    public var redaction: Redaction
    /// Independent chains of cases sent at once.
    public var concurrency: Int
    /// Extra attempts after a transport failure (never after a response, whatever its status).
    public var retries: Int
    /// Called after each case, from any task.
    public var progress: (@Sendable (CaseResult) -> Void)?

    /// Each answer may take 30 s (`HTTPTransport.defaultTimeout`): a contract's examples include
    /// slow but correct endpoints (a report, an export), and a case that times out is reported,
    /// so the wait must be generous.
    public static let defaultTimeout = HTTPTransport.defaultTimeout
    /// `conform fuzz` waits 10 s for each answer. It sends about forty requests per endpoint,
    /// most of them invalid on purpose; a server that hangs on bad input would otherwise hold a
    /// CI job for 30 s a request. Its valid requests are small, so 10 s is still generous.
    public static let defaultFuzzTimeout: Duration = .seconds(10)
    /// 64 MiB: far above any JSON answer an API means to send, low enough to stop an endless body.
    public static let defaultMaximumBodyBytes = HTTPTransport.defaultMaximumBodyBytes
    /// A 3xx is the response checked unless asked otherwise: a redirect is part of the contract.
    public static let defaultFollowRedirects = false
    /// Four chains at once, in the CLI and the library alike: chains share no variables by
    /// construction, any server meant for more than one client copes with four requests at a time,
    /// and a library user then sees the run CI sees. `--concurrency 1` sends one at a time.
    public static let defaultConcurrency = 4
    /// No retries: a transport failure is a finding unless the user says the network is flaky.
    public static let defaultRetries = 0
    /// The seed of generated values (the fuzzer's requests, the embedded mock's bodies) unless
    /// `--seed` says otherwise: one fixed value, so two runs of one command send the same requests.
    public static let defaultSeed: UInt64 = 1

    /// Settings for `baseURL`, every other value its documented default.
    public init(
        baseURL: String, headers: HTTPFields = [], timeout: Duration = Self.defaultTimeout,
        maximumBodyBytes: Int = Self.defaultMaximumBodyBytes,
        followRedirects: Bool = Self.defaultFollowRedirects, redaction: Redaction = Redaction(),
        concurrency: Int = Self.defaultConcurrency, retries: Int = Self.defaultRetries,
        progress: (@Sendable (CaseResult) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.followRedirects = followRedirects
        self.redaction = redaction
        self.concurrency = concurrency
        self.retries = retries
        self.progress = progress
    }

    /// The transport these settings describe: one deadline, one body limit, one redirect rule for
    /// every request of a run or a fuzzing session.
    public var transport: HTTPTransport {
        HTTPTransport(timeout: timeout, maximumBodyBytes: maximumBodyBytes, followRedirects: followRedirects)
    }
}
