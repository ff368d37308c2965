public import ContractKit
public import JSONSchema

/// One request the server fuzzer sends, with what it is meant to test.
public struct FuzzRequest: Sendable {
    /// The kind of request, which decides the check that judges the answer.
    public enum Intent: Sendable, Hashable {
        /// Valid by every schema: must get a declared, non-5xx status.
        case positive
        /// Invalid (the description says how): must get a 4xx.
        case negative(String)
        /// A required header left out: must get a 4xx.
        case missingHeader(String)
        /// A method the contract does not declare for the path: must get 405.
        case unsupportedMethod
        /// Input a standard lets servers accept or reject (the description says what): any non-5xx
        /// answer passes; acceptance is noted as information.
        case tolerated(String)

        public var check: CheckName {
            switch self {
            case .positive: return .positiveDataAcceptance
            case .negative, .tolerated: return .negativeDataRejection
            case .missingHeader: return .missingRequiredHeader
            case .unsupportedMethod: return .unsupportedMethod
            }
        }
    }

    /// What goes in the body.
    public enum Body: Sendable {
        case none
        case json(JSONValue)
        case raw([UInt8], contentType: String?)
    }

    public var endpoint: Endpoint
    public var method: String
    public var intent: Intent
    public var pathValues: [String: String]
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: Body
    /// Overrides the endpoint's request content type (for the wrong-content-type case).
    public var contentType: String?

    /// The request as sent to `baseURL`, with the run's extra headers.
    public func record(baseURL: String, extraHeaders: [HeaderField]) -> RequestRecord {
        let url = URLEncoding.url(base: baseURL, path: endpoint.path.expand(pathValues), query: query)
        var fields = [HeaderField("Accept", "*/*")]
        var bytes: [UInt8] = []
        switch body {
        case .none: break
        case .json(let value):
            bytes = JSONSerializer().bytes(value)
            fields.append(
                HeaderField(
                    "Content-Type", contentType ?? endpoint.request?.contentType ?? "application/json"))
        case .raw(let raw, let type):
            bytes = raw
            if let type = contentType ?? type ?? endpoint.request?.contentType {
                fields.append(HeaderField("Content-Type", type))
            }
        }
        for header in headers { fields.append(HeaderField(header.name, header.value)) }
        for header in extraHeaders {
            fields.removeAll { $0.name.lowercased() == header.name.lowercased() }
            fields.append(header)
        }
        return RequestRecord(method: method, url: url, headers: fields, body: bytes)
    }

    /// The JSON body, when there is one.
    public var jsonBody: JSONValue? {
        if case .json(let value) = body { return value }
        return nil
    }
}
