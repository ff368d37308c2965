public import ConformHTTP
public import JSONSchema

/// A request to one endpoint before it is written: typed parameter values and a body. `run` builds
/// one from an example, `fuzz` from generated values; ``record(baseURL:extraHeaders:auth:)`` writes
/// both the same way (URL, parameter styles, `Accept`, `Content-Type`, the run's headers and the
/// credentials), so a request means the same thing whichever command sent it.
public struct RequestDraft: Sendable {
    /// What goes in the body.
    public enum Body: Sendable, Hashable {
        case none
        case json(JSONValue)
        /// Bytes as they are, with their content type (nil: the endpoint's).
        case raw([UInt8], contentType: String?)
    }

    public var endpoint: Endpoint
    public var method: String
    /// Path placeholder values by name.
    public var path: [String: JSONValue]
    /// Query parameters in order; a value is written as its parameter's style says.
    public var query: [(name: String, value: JSONValue)]
    /// Header parameters and example headers, in order.
    public var headers: [(name: String, value: JSONValue)]
    public var body: Body
    /// Overrides the endpoint's request content type (an example's, or a deliberately wrong one).
    public var contentType: String?
    /// Overrides the `Accept` header, which by default lists the response types the endpoint declares.
    public var accept: String?

    public init(
        endpoint: Endpoint, method: String? = nil, path: [String: JSONValue] = [:],
        query: [(name: String, value: JSONValue)] = [], headers: [(name: String, value: JSONValue)] = [],
        body: Body = .none, contentType: String? = nil
    ) {
        self.endpoint = endpoint
        self.method = method ?? endpoint.method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.contentType = contentType
    }

    /// The request as sent to `baseURL`: the run's `extraHeaders` replace headers of the same name,
    /// and `auth`'s credentials for the endpoint are added (an explicit header of the same name wins).
    public func record(baseURL: String, extraHeaders: HTTPFields = [], auth: ContractAuth? = nil)
        -> HTTPRequest
    {
        var fields: HTTPFields = [HeaderField("Accept", accept ?? Self.accept(endpoint))]
        var bytes: [UInt8] = []
        switch body {
        case .none:
            if let contentType { fields.append(HeaderField("Content-Type", contentType)) }
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
        for header in headers {
            let parameter = declared(header.name, in: .header)
            let text =
                parameter.flatMap { ParameterSerializer.headerText(header.value, for: $0) }
                ?? Template.plainText(header.value)
            fields.append(HeaderField(header.name, text))
        }
        for header in extraHeaders {
            fields.removeAll { $0.name.caseInsensitiveEquals(header.name) }
            fields.append(header)
        }
        let record = HTTPRequest(method: method, url: url(baseURL: baseURL), headers: fields, body: bytes)
        return ContractAuth.applying(auth, to: record, endpointID: endpoint.id)
    }

    /// `baseURL` + the expanded path + the query, each value written in its parameter's style.
    public func url(baseURL: String) -> String {
        var texts: [String: String] = [:]
        for (name, value) in path {
            let parameter =
                declared(name, in: .path) ?? Parameter(name: name, location: .path, isRequired: true)
            texts[name] = ParameterSerializer.pathText(value, for: parameter) ?? Template.plainText(value)
        }
        var pairs: [(name: String, value: String, allowReserved: Bool)] = []
        for item in query {
            let parameter =
                declared(item.name, in: .query)
                ?? Parameter(name: item.name, location: .query, isRequired: false)
            for pair in ParameterSerializer.queryPairs(item.value, for: parameter) ?? [] {
                pairs.append((pair.name, pair.value, parameter.allowReserved))
            }
        }
        return URLEncoding.url(base: baseURL, path: endpoint.path.expand(texts), query: pairs)
    }

    private func declared(_ name: String, in location: Parameter.Location) -> Parameter? {
        endpoint.parameters.first {
            $0.location == location
                && (location == .header ? $0.name.caseInsensitiveEquals(name) : $0.name == name)
        }
    }

    /// The response types the endpoint declares, so a server that negotiates answers with one of
    /// them; `*/*` when it declares none.
    static func accept(_ endpoint: Endpoint) -> String {
        let types = Set(endpoint.responses.flatMap(\.contentTypes))
        return types.isEmpty ? "*/*" : types.sorted().joined(separator: ", ")
    }
}
