extension HTTPTransport {
    /// What the transport does with a response body: undo its content coding for the checks (the
    /// default), or keep it as the server sent it for a proxy to pass on.
    ///
    /// ```swift
    /// let transport = HTTPTransport(timeout: .seconds(30), bodyHandling: .forwarded)
    /// let outcome = await transport.perform(request)   // outcome.rest: the body past --max-body
    /// ```
    public struct BodyHandling: Sendable, Hashable {
        private enum Mode: Hashable {
            case decoded
            case forwarded
        }

        private let mode: Mode

        /// gzip and deflate bodies decoded (within the body limit), `Content-Encoding` kept as
        /// information; a body past the limit is the error `bodyTooLarge`. What every check reads.
        public static let decoded = BodyHandling(mode: .decoded)

        /// Bodies as they can be passed on unchanged: the bytes the server sent with their content
        /// coding (where the platform's client already undid it, `https://` through URLSession,
        /// `Content-Encoding` and `Content-Length` are dropped so the headers describe the bytes),
        /// and a body past the limit returned as its first bytes with a ``BodyStream`` for the rest
        /// (``ExchangeOutcome/rest``). Redirects are never followed: a proxy passes them on.
        public static let forwarded = BodyHandling(mode: .forwarded)

        var decodesContent: Bool { mode == .decoded }
        var streamsOverflow: Bool { mode == .forwarded }
    }
}
