/// An HTTP request, whichever side made it: the one Conform sends (built from a contract, kept in
/// results and reports, shown as a curl reproducer) and the one its server receives (handed to the
/// mock's handler, or to a proxy that forwards it). Checks, results and reports read both alike.
///
/// The URL is the one source of truth for where the request goes; ``path``, ``query`` and
/// ``target`` are read from it, so a request received by the server can be sent on by the client
/// once its URL names the upstream.
///
/// ```swift
/// var request = HTTPRequest(method: "GET", url: "http://127.0.0.1:8080/menu?category=Desserts")
/// request.headers["Accept"] = "application/json"
/// request.path                 // "/menu"
/// request.queryValue("category")  // "Desserts"
/// ```
public struct HTTPRequest: HTTPMessage, Hashable {
    /// The method token exactly as sent, for example `GET` (methods are case-sensitive).
    public var method: String
    /// Where the request goes: an absolute URL (`http://host:8080/menu?x=1`) for a request Conform
    /// sends; the request-target as received (`/menu?x=1`, or absolute-form through a proxy) for
    /// one its server received.
    public var url: String {
        didSet { received = nil }
    }
    /// The header fields in the order they were sent.
    public var headers: HTTPFields
    /// The body, already de-chunked when it was sent with `Transfer-Encoding: chunked`.
    public var body: [UInt8]
    /// The protocol version of the request line: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The address and port of the client that sent it (`127.0.0.1:53122`, `[::1]:53122`); empty for
    /// a request Conform sends.
    public var remoteAddress: String
    /// The path and query the server already read (strictly) from the target it received, so a
    /// handler that looks at them often does not parse again; nil once `url` changes, and for a
    /// request Conform builds, whose URL is read when asked.
    private var received: RequestTarget?

    public init(
        method: String, url: String, headers: HTTPFields = [:], body: [UInt8] = [],
        version: String = "HTTP/1.1", remoteAddress: String = ""
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.version = version
        self.remoteAddress = remoteAddress
    }

    /// A request as the server read it, with the target it already parsed (and validated) strictly.
    package init(
        received head: (method: String, target: String, version: String), parts: RequestTarget,
        headers: HTTPFields, body: [UInt8], remoteAddress: String
    ) {
        method = head.method
        url = head.target
        version = head.version
        received = parts
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The request-target in origin form, as a request line to a server names it: the path as sent
    /// (still percent-encoded) and the query, for example `/menu?category=Entr%C3%A9es`; `*` for
    /// `OPTIONS *`.
    public var target: String { parts.origin }

    /// The percent-decoded path without the query, for example `/menu`.
    public var path: String { parts.path }

    /// The path as sent, still percent-encoded, without the query.
    public var rawPath: String { parts.rawPath }

    /// The query parameters in order, percent-decoded, with `+` read as a space.
    public var query: [(name: String, value: String)] { parts.query }

    /// The path and query of `url`: as the server read them, or read now.
    private var parts: RequestTarget { received ?? RequestTarget(reading: url) }

    /// The first value of the query parameter `name`, or `nil` when it is absent.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8, with invalid sequences replaced by U+FFFD.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Equal when method, URL, headers, body, version and sender are; what is read from the URL
    /// follows from it.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.body == rhs.body
            && lhs.version == rhs.version && lhs.remoteAddress == rhs.remoteAddress
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(headers)
        hasher.combine(body)
        hasher.combine(version)
        hasher.combine(remoteAddress)
    }
}
