public import ConformHTTP

/// A configuration that sends requests to a target and covers a selection of a contract:
/// `Replayer.Configuration` and `ServerFuzzer.Configuration`. The shared fields live in
/// `TargetSettings` and `Selection`; this protocol gives both configurations the same
/// short accessors (`configuration.baseURL`, `configuration.only`), written once.
public protocol TargetConfiguration: Sendable {
    /// The server, its limits and what output hides.
    var target: TargetSettings { get set }
    /// `--only`, `--skip` and `--shard`.
    var selection: Selection { get set }
}

extension TargetConfiguration {
    public var baseURL: String {
        get { target.baseURL }
        set { target.baseURL = newValue }
    }
    public var headers: HTTPFields {
        get { target.headers }
        set { target.headers = newValue }
    }
    public var timeout: Duration {
        get { target.timeout }
        set { target.timeout = newValue }
    }
    public var maximumBodyBytes: Int {
        get { target.maximumBodyBytes }
        set { target.maximumBodyBytes = newValue }
    }
    public var followRedirects: Bool {
        get { target.followRedirects }
        set { target.followRedirects = newValue }
    }
    public var redaction: Redaction {
        get { target.redaction }
        set { target.redaction = newValue }
    }
    public var concurrency: Int {
        get { target.concurrency }
        set { target.concurrency = newValue }
    }
    public var retries: Int {
        get { target.retries }
        set { target.retries = newValue }
    }
    public var progress: (@Sendable (CaseResult) -> Void)? {
        get { target.progress }
        set { target.progress = newValue }
    }
    public var only: [String] {
        get { selection.only }
        set { selection.only = newValue }
    }
    public var skip: [String] {
        get { selection.skip }
        set { selection.skip = newValue }
    }
    /// `(i, n)`: shard i of n, the shape tests and older callers use; `selection.shard` is the type.
    public var shard: (index: Int, count: Int)? {
        get { selection.shard.map { ($0.index, $0.count) } }
        set { selection.shard = newValue.map { Selection.Shard(index: $0.index, count: $0.count) } }
    }
}
