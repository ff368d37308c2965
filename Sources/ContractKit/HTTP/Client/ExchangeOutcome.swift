/// What one exchange produced, and how long it took, errors included.
public struct ExchangeOutcome: Sendable {
    public var result: Result<HTTPResponse, TransportError>
    public var elapsed: Duration
}
