public import ConformHTTP
import ContractKit
public import Foundation

/// One exchange of an app's own traffic, as a proxy saw it, a HAR file recorded it or the
/// test-time URL protocol made it: the request the client sent and what came back.
///
/// ``TrafficChecker`` judges it into a ``CaseResult``, so the proxy, `conform check` and tests
/// report traffic the way `conform run` reports its cases.
public struct TrafficExchange: Sendable {
    /// How reports name the exchange: `exchange 12 (10:31:02.125)`, `entry 3 (2026-11-22T04:31:00.125Z)`.
    public var name: String
    /// The request as the client sent it; its URL is absolute where the origin is known.
    public var request: HTTPRequest
    /// The request's path as the contract writes paths (without the API's base path), when the
    /// one who saw the exchange already knows it (the proxy does); else derived from ``request``.
    public var operationPath: String?
    /// The response, nil when none arrived (see ``failure``).
    public var response: HTTPResponse?
    /// Why no response arrived: refused, timed out, cut short.
    public var failure: TransportError?
    public var startedAt: Date
    /// From sending the request to the end of the response (or of the failure).
    public var duration: Duration
    /// The request body was larger than the body limit and went through unchecked (its first
    /// bytes are in ``request``).
    public var requestBodyUnchecked: Bool
    /// The response body was larger than the body limit and went through unchecked.
    public var responseBodyUnchecked: Bool
    /// False when the record holds no request body although one was sent (a HAR file without its
    /// `text`): its content is not judged.
    public var requestBodyRecorded = true
    /// False when the record holds no response body although one came (a HAR export that left it
    /// out): its content is not judged.
    public var responseBodyRecorded = true

    public init(
        name: String, request: HTTPRequest, response: HTTPResponse? = nil, failure: TransportError? = nil,
        startedAt: Date = Date(), duration: Duration = .zero, requestBodyUnchecked: Bool = false,
        responseBodyUnchecked: Bool = false
    ) {
        self.name = name
        self.request = request
        self.response = response
        self.failure = failure
        self.startedAt = startedAt
        self.duration = duration
        self.requestBodyUnchecked = requestBodyUnchecked
        self.responseBodyUnchecked = responseBodyUnchecked
    }
}
