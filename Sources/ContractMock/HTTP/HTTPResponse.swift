public import ContractKit

/// What a handler answers; the server frames it (status line, `Content-Length`, `Date`,
/// `Connection`) so handlers cannot produce a malformed message by accident.
///
/// The fault properties make the server misbehave on purpose, so clients can be tested against
/// slow, truncated or reset responses without a special server.
public struct HTTPResponse: Sendable {
    /// The status code, 100–599. Anything else is answered as 500.
    public var status: Int
    /// The reason phrase; `nil` uses the standard phrase for `status`.
    public var reason: String?
    /// Header fields sent as given, except the framing fields the server owns:
    /// `Content-Length`, `Transfer-Encoding` and `Connection: keep-alive` are replaced.
    public var headers: HTTPHeaders
    /// The body. Not sent for `HEAD` requests nor for 1xx, 204 and 304 responses.
    public var body: [UInt8]

    /// Waits this long before writing anything, to simulate a slow server.
    public var delay: Duration?
    /// Declares the full `Content-Length` but writes only this many body bytes, then closes
    /// the connection normally, so the client sees a body shorter than announced.
    public var truncateBodyAfter: Int?
    /// Writes this many body bytes, then resets the connection (TCP RST) instead of closing it.
    public var resetAfterBodyBytes: Int?
    /// Sends no `Content-Length`; the body then ends when the server closes the connection.
    public var omitsContentLength: Bool

    /// A response with no faults; the reason phrase defaults to the standard one.
    public init(status: Int = 200, reason: String? = nil, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.delay = nil
        self.truncateBodyAfter = nil
        self.resetAfterBodyBytes = nil
        self.omitsContentLength = false
    }

    /// A response with a UTF-8 text body and its `Content-Type`.
    public init(status: Int = 200, text: String, contentType: String = "text/plain; charset=utf-8") {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// Whether a response with this status may carry a body at all (RFC 9110 §6.4.1).
    var statusAllowsBody: Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }

    /// The standard reason phrase for a status code, or an empty phrase for unknown codes.
    static func standardReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}

extension HTTPResponse: HTTPMessage {
    /// The header fields, as every ``HTTPMessage`` names them.
    public var fields: HTTPFields { headers }
}
