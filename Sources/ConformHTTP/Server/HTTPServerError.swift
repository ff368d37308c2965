#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the server could not start.
///
/// Each case carries what a person needs to fix the problem: the address that was asked for
/// and the operating system's reason, phrased for the common cases ("port 8080 is in use").
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host name or address could not be resolved to a local address.
    case invalidHost(host: String, reason: String)
    /// The port is outside 0–65535.
    case invalidPort(Int)
    /// Binding the listening socket failed, for example because the port is taken.
    case bindFailed(host: String, port: Int, errno: Int32)
    /// A socket call other than `bind` failed (`socket`, `listen`, `getsockname`, `pipe`).
    case socketFailed(operation: String, errno: Int32)
    /// `start()` was called on a server that is already running.
    case alreadyRunning(port: Int)

    /// One sentence a person can act on, naming the address and the reason.
    public var description: String {
        switch self {
        case .invalidHost(let host, let reason):
            return "cannot listen on host \"\(host)\": \(reason)"
        case .invalidPort(let port):
            return "cannot listen on port \(port): a port must be between 0 and 65535"
        case .bindFailed(let host, let port, let code):
            return
                "cannot listen on \(host):\(port): \(Self.explainBind(port: port, host: host, errno: code))"
        case .socketFailed(let operation, let code):
            return
                "cannot start the HTTP server: \(operation) failed: \(SocketPlatform.describe(error: code))"
        case .alreadyRunning(let port):
            return
                "the HTTP server is already running on port \(port); call shutdown() before starting it again"
        }
    }

    private static func explainBind(port: Int, host: String, errno code: Int32) -> String {
        switch code {
        case EADDRINUSE:
            return
                "port \(port) is in use (stop the other process or choose another port, 0 picks a free one)"
        case EACCES:
            return "permission denied (ports below 1024 need elevated privileges)"
        case EADDRNOTAVAIL:
            return "address \(host) is not an address of this machine"
        default:
            return SocketPlatform.describe(error: code)
        }
    }
}
