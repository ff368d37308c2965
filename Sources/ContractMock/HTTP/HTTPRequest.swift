public import ContractKit

/// A request as the server received it, handed to the handler once its body is complete.
///
/// The server has already checked the framing (request line, headers, body length), so a
/// handler only has to decide what the request means. Nothing here has touched the file
/// system: `path` is just text, even when it contains `..` segments.
public struct HTTPRequest: Sendable {
    /// The method token exactly as sent, for example `GET` (methods are case-sensitive).
    public var method: String
    /// The raw request-target from the request line, for example `/menu?category=Entr%C3%A9es`.
    public var target: String
    /// The percent-decoded path without the query, for example `/menu`.
    public var path: String
    /// The path as sent, still percent-encoded, without the query.
    public var rawPath: String
    /// The query parameters in order, percent-decoded, with `+` read as a space.
    public var query: [(name: String, value: String)]
    /// The request header fields in the order they were sent.
    public var headers: HTTPHeaders
    /// The request body, already de-chunked when it was sent with `Transfer-Encoding: chunked`.
    public var body: [UInt8]
    /// The protocol version from the request line: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The client's address and port, for example `127.0.0.1:53122` or `[::1]:53122`.
    public var remoteAddress: String

    /// Creates a request, mainly for calling handlers directly in unit tests.
    public init(
        method: String, target: String, path: String, rawPath: String,
        query: [(name: String, value: String)] = [], headers: HTTPHeaders = [:], body: [UInt8] = [],
        version: String = "HTTP/1.1", remoteAddress: String = ""
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.rawPath = rawPath
        self.query = query
        self.headers = headers
        self.body = body
        self.version = version
        self.remoteAddress = remoteAddress
    }

    /// The first value of the query parameter `name`, or `nil` when it is absent.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The body decoded as UTF-8, with invalid sequences replaced by U+FFFD.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

extension HTTPRequest: HTTPMessage {
    /// The header fields, as every ``HTTPMessage`` names them.
    public var fields: HTTPFields { headers }
}
