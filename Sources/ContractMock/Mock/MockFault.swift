/// A way the mock can break its contract on purpose, to demonstrate findings and to test that
/// Conform's checks catch each kind of server bug.
public enum MockFault: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A field of the response body has the wrong JSON type (a price as a string).
    case wrongType = "wrong-type"
    /// A required key is missing from the response body.
    case missingRequiredKey = "missing-required-key"
    /// An extra key appears in an object the contract closes (`additionalProperties: false`).
    case extraKey = "extra-key"
    /// A field that may not be null is `null`.
    case unexpectedNull = "unexpected-null"
    /// Every answer is a 500 Internal Server Error.
    case serverError = "status-500"
    /// The status is one the endpoint does not declare (418).
    case undeclaredStatus = "undeclared-status"
    /// The `Content-Type` header does not match the declared type.
    case wrongContentType = "wrong-content-type"
    /// Answers arrive late (after the contract's latency budget).
    case delay = "delay"
    /// The body stops before `Content-Length` bytes, and the connection closes.
    case truncatedBody = "truncated-body"
    /// The connection is reset in the middle of the body.
    case connectionReset = "connection-reset"
    /// The body is not JSON at all, though the type says it is.
    case notJSON = "not-json"
    /// Query filters (the menu's `category`) are ignored: every item comes back.
    case ignoredFilter = "ignored-filter"
    /// Invalid request bodies are accepted with 200 instead of rejected with 400.
    case acceptsInvalidBody = "accepts-invalid-body"
    /// Malformed request bodies crash the handler: 500 instead of 400.
    case crashesOnMalformedBody = "500-on-malformed-body"

    public var description: String { rawValue }

    /// One line per fault for `--help`.
    public var summary: String {
        switch self {
        case .wrongType: return "a field of the wrong type"
        case .missingRequiredKey: return "a required key missing"
        case .extraKey: return "an extra key in a closed object"
        case .unexpectedNull: return "null where the contract does not allow it"
        case .serverError: return "status 500"
        case .undeclaredStatus: return "status 418, which no endpoint declares"
        case .wrongContentType: return "Content-Type text/plain"
        case .delay: return "answers after the latency budget"
        case .truncatedBody: return "the body cut short, then the connection closed"
        case .connectionReset: return "the connection reset mid-body"
        case .notJSON: return "a body that is not JSON"
        case .ignoredFilter: return "query filters ignored"
        case .acceptsInvalidBody: return "invalid request bodies accepted with 200"
        case .crashesOnMalformedBody: return "500 on malformed request bodies"
        }
    }
}
