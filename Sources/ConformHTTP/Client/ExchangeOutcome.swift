/// What one exchange produced, and how long it took, errors included.
public struct ExchangeOutcome: Sendable {
    public var result: Result<HTTPResponse, TransportError>
    public var elapsed: Duration
    /// The rest of a response body past the limit, in ``HTTPTransport/BodyHandling/forwarded``
    /// mode (the response then carries its first bytes); nil otherwise.
    public var rest: BodyStream?

    public init(result: Result<HTTPResponse, TransportError>, elapsed: Duration, rest: BodyStream? = nil) {
        self.result = result
        self.elapsed = elapsed
        self.rest = rest
    }
}
