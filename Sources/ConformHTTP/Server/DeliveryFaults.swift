/// Ways the server misbehaves on the wire while it sends a response, on purpose, so clients can be
/// tested against slow, truncated or reset answers without a special server.
///
/// They travel beside the ``HTTPResponse`` in an ``HTTPServer/Reply``, never in it: a response is a
/// message (what a client reads back, what results keep), and how it was delivered is the server's
/// business.
public struct DeliveryFaults: Sendable, Hashable {
    /// Waits this long before writing anything, to simulate a slow server.
    public var delay: Duration?
    /// Declares the full `Content-Length` but writes only this many body bytes, then closes the
    /// connection normally, so the client sees a body shorter than announced.
    public var truncateBodyAfter: Int?
    /// Writes this many body bytes, then resets the connection (TCP RST) instead of closing it.
    public var resetAfterBodyBytes: Int?
    /// Sends no `Content-Length`; the body then ends when the server closes the connection.
    public var omitsContentLength: Bool

    /// No fault: the response is sent as it is.
    public init(
        delay: Duration? = nil, truncateBodyAfter: Int? = nil, resetAfterBodyBytes: Int? = nil,
        omitsContentLength: Bool = false
    ) {
        self.delay = delay
        self.truncateBodyAfter = truncateBodyAfter
        self.resetAfterBodyBytes = resetAfterBodyBytes
        self.omitsContentLength = omitsContentLength
    }

    /// Whether the connection cannot carry another request after this response.
    var breaksFraming: Bool {
        truncateBodyAfter != nil || resetAfterBodyBytes != nil || omitsContentLength
    }
}
