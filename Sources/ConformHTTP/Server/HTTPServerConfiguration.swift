extension HTTPServer {
    /// Where the server listens and the limits that keep a misbehaving client from exhausting it.
    ///
    /// The defaults suit a local mock server; tests shorten the timeouts so that abuse cases
    /// (silent clients, slow-loris trickles) finish quickly.
    public struct Configuration: Sendable {
        /// The address to bind: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `0.0.0.0`) or a name
        /// such as `localhost`. Loopback by default so a mock is not reachable from the network.
        public var host: String
        /// The port to bind; 0 lets the system pick a free port, which `start()` returns.
        public var port: Int
        /// The longest request line accepted; longer ones are answered with 414.
        public var maxRequestLineBytes: Int
        /// The most header bytes accepted after the request line (also bounds chunked trailers);
        /// more is answered with 431.
        public var maxHeaderBytes: Int
        /// The largest request body accepted; larger ones are answered with 413.
        public var maxBodyBytes: Int
        /// The total time a client has to send a request head once it started sending it; a
        /// client trickling bytes (slow-loris) is answered with 408 and disconnected.
        public var headerReadTimeout: Duration
        /// How long a kept-alive connection may wait for its next request before it is closed.
        public var idleTimeout: Duration
        /// The total time a client has to send a request body; then 408 and disconnect.
        public var bodyReadTimeout: Duration
        /// How long a single write may block on a client that stopped reading.
        public var writeTimeout: Duration
        /// The most connections served at once; more are answered with 503 and closed.
        public var maxConnections: Int
        /// How long `shutdown()` waits for in-flight requests before it cuts connections.
        public var shutdownGracePeriod: Duration
        /// Hand a request body larger than ``maxBodyBytes`` to a streaming handler as its first
        /// bytes and ``HTTPServer/Incoming/rest``, instead of answering 413 (a proxy). Off by default.
        public var streamsOversizedBodies = false

        /// Defaults suitable for a local mock server; see each property for what it limits.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxRequestLineBytes: Int = 8 * 1024,
            maxHeaderBytes: Int = 32 * 1024,
            maxBodyBytes: Int = 10 * 1024 * 1024,
            headerReadTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(5),
            bodyReadTimeout: Duration = .seconds(30),
            writeTimeout: Duration = .seconds(10),
            maxConnections: Int = 512,
            shutdownGracePeriod: Duration = .seconds(5)
        ) {
            self.host = host
            self.port = port
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.headerReadTimeout = headerReadTimeout
            self.idleTimeout = idleTimeout
            self.bodyReadTimeout = bodyReadTimeout
            self.writeTimeout = writeTimeout
            self.maxConnections = maxConnections
            self.shutdownGracePeriod = shutdownGracePeriod
        }
    }
}

extension HTTPServer.Configuration {
    /// The limits a request is read under, strict as a server must be (see ``FramingRules``).
    var framingRules: FramingRules {
        .server(
            maximumBodyBytes: maxBodyBytes, maximumRequestLineBytes: maxRequestLineBytes,
            maximumHeaderBytes: maxHeaderBytes)
    }
}
