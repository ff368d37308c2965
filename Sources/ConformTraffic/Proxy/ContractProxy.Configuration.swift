public import ContractKit

extension ContractProxy {
    /// Where the proxy listens, where it forwards, and how it treats what passes.
    public struct Configuration: Sendable {
        /// The server every exchange is forwarded to (`https://api.example.com/v1`); its path is
        /// the base path taken off request paths before they are matched to operations.
        public var upstream: String
        public var host: String
        /// 0 picks a free port (tests); `conform proxy` defaults to ``defaultPort``.
        public var port: Int
        /// The deadline of each exchange with the upstream (connect, send, head, the checked body);
        /// a body streamed through past the limit gets it as an idle timeout between pieces.
        public var timeout: Duration
        /// Bodies up to this size are checked; larger ones stream through unchecked, and a
        /// `request_size` or `response_size` finding says so.
        public var maximumBodyBytes: Int
        /// What lines, reports, samples and the HAR file hide.
        public var redaction: Redaction
        /// Answer an exchange that breaks the contract with a problem response (RFC 9457) instead
        /// of the upstream's answer (`--errors`), so tests that must fail loudly do.
        public var answersViolations: Bool
        /// Save each checked response body in the corpus layout of `conform run --record`.
        public var recordDirectory: String?
        /// Write the exchanges, masked, as a HAR 1.2 file when the proxy stops.
        public var harFile: String?

        /// The port `conform proxy` listens on unless told otherwise.
        public static let defaultPort = 8090

        public init(
            upstream: String, host: String = "127.0.0.1", port: Int = 0,
            timeout: Duration = TargetSettings.defaultTimeout,
            maximumBodyBytes: Int = TargetSettings.defaultMaximumBodyBytes,
            redaction: Redaction = Redaction(),
            answersViolations: Bool = false, recordDirectory: String? = nil, harFile: String? = nil
        ) {
            self.upstream = upstream
            self.host = host
            self.port = port
            self.timeout = timeout
            self.maximumBodyBytes = maximumBodyBytes
            self.redaction = redaction
            self.answersViolations = answersViolations
            self.recordDirectory = recordDirectory
            self.harFile = harFile
        }
    }
}
