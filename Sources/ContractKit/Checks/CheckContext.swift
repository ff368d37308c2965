public import ConformHTTP
public import JSONSchema

/// What a check sees: the contract, the endpoint and example, the exchange, and the variables.
public struct CheckContext: Sendable {
    public var contract: Contract
    public var schemas: ContractSchemas
    public var endpoint: Endpoint
    public var example: Example?
    public var request: HTTPRequest
    public var response: HTTPResponse
    public var variables: [String: JSONValue]
    /// The effective settings: the contract's refined by the endpoint's.
    public var settings: CheckSettings

    /// The JSON body, when the response declares JSON (or says it is JSON): scanned once per case
    /// by the replayer so several checks do not parse it again.
    public var parsedBody: ParsedJSONBody?

    /// The body as a `JSONValue`, built on first use and then shared by every check.
    public var jsonBody: Result<JSONValue, JSONParseError>? { parsedBody?.value }
    /// Keys the JSON body gives twice in one object (its parser keeps the last value).
    public var duplicateKeys: [JSONDuplicateKey] { parsedBody?.duplicateKeys ?? [] }

    /// The response spec that applies to the received status.
    public var responseSpec: ResponseSpec? { endpoint.response(for: response.status) }

    /// Whether HTTP says this response has no content, whatever the operation declares: an answer
    /// to HEAD, a 1xx, 204 No Content or 304 Not Modified (RFC 9110 §6.4.1, §15.4.5). It carries no
    /// body to check, and a 304 need not name a content type.
    public var hasNoContent: Bool { Self.hasNoContent(status: response.status, method: request.method) }

    static func hasNoContent(status: Int, method: String) -> Bool {
        method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304
    }
}
