/// An HTTP response, whichever side made it: the one Conform's client received (checked, kept in
/// results and reports) and the one a handler of its server answers (the mock's, or a proxy's that
/// passes on what the upstream said).
///
/// When the server sends it, it owns the framing: `Content-Length`, `Transfer-Encoding` and
/// `Connection` are its own, so a handler cannot produce a malformed message by accident. Ways of
/// misbehaving on the wire on purpose (a delay, a cut body) are not part of the message; the mock
/// server takes them beside it.
public struct HTTPResponse: HTTPMessage, Hashable {
    /// The status code. A server answers anything outside 200–599 from a handler as 500.
    public var status: Int
    /// The reason phrase: as received, or the one to send (`nil` sends the standard phrase).
    public var reason: String?
    /// The header fields in the order they were sent.
    public var headers: HTTPFields
    /// The body, de-chunked and with its content coding undone when it was received. Not sent for
    /// `HEAD` requests nor for 1xx, 204 and 304 responses.
    public var body: [UInt8]
    /// Time from sending the request to the end of the body, for a response Conform received.
    public var duration: Duration
    /// The redirects followed to get here (`--follow-redirects`), first hop first.
    public var redirects: [RedirectHop]

    public init(
        status: Int = 200, reason: String? = nil, headers: HTTPFields = [:], body: [UInt8] = [],
        duration: Duration = .zero, redirects: [RedirectHop] = []
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.duration = duration
        self.redirects = redirects
    }

    /// A response with a UTF-8 text body and its `Content-Type`.
    public init(status: Int = 200, text: String, contentType: String = "text/plain; charset=utf-8") {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// Whether a response with this status may carry a body at all (RFC 9110 §6.4.1).
    public var statusAllowsBody: Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }
}
