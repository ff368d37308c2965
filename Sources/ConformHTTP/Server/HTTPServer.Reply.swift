extension HTTPServer {
    /// What a handler answers: the response, and how to deliver it (``DeliveryFaults``, none by
    /// default).
    ///
    /// ```swift
    /// let server = HTTPServer(replying: { request in
    ///     var reply = HTTPServer.Reply(HTTPResponse(text: "late"))
    ///     reply.faults.delay = .milliseconds(300)
    ///     return reply
    /// })
    /// ```
    public struct Reply: Sendable {
        public var response: HTTPResponse
        public var faults: DeliveryFaults
        /// The rest of the body, sent after `response.body` as it is read (a proxy passing on an
        /// upstream's body past its limit): with `Content-Length` when the stream declares the
        /// whole length, else chunked (close-delimited to an HTTP/1.0 client).
        public var rest: BodyStream?
        /// How long the server waits for each piece of ``rest`` before it cuts the response.
        public var restIdleTimeout: Duration

        public init(
            _ response: HTTPResponse, faults: DeliveryFaults = DeliveryFaults(), rest: BodyStream? = nil,
            restIdleTimeout: Duration = .seconds(30)
        ) {
            self.response = response
            self.faults = faults
            self.rest = rest
            self.restIdleTimeout = restIdleTimeout
        }
    }

    /// A request as a streaming handler receives it: the message, with the first bytes of a body
    /// past ``Configuration/maxBodyBytes`` and the ``rest`` of it to read (only when
    /// ``Configuration/streamsOversizedBodies`` is on).
    public struct Incoming: Sendable {
        public var request: HTTPRequest
        /// The rest of a body too large to hold; the connection closes after the reply when the
        /// handler left some of it unread.
        public var rest: BodyStream?

        public init(request: HTTPRequest, rest: BodyStream? = nil) {
            self.request = request
            self.rest = rest
        }
    }
}
