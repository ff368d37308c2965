public import ContractKit

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

        public init(_ response: HTTPResponse, faults: DeliveryFaults = DeliveryFaults()) {
            self.response = response
            self.faults = faults
        }
    }
}
