public import ConformHTTP
public import ContractKit

/// Why a proxy could not start or finish, rendered once for people by ``description``.
public enum ProxyError: Error, Sendable, CustomStringConvertible {
    /// The upstream is not an absolute http(s) URL.
    case invalidUpstream(String)
    /// The address could not be bound.
    case cannotListen(HTTPServerError)
    /// The HAR file could not be created or finished.
    case cannotWriteHAR(String, reason: String)

    public var description: String {
        switch self {
        case .invalidUpstream(let text):
            return "'\(text)' is not an http:// or https:// URL with a host"
        case .cannotListen(let error):
            return "cannot listen: \(error)"
        case .cannotWriteHAR(let path, let reason):
            return "cannot write the HAR file \(path): \(reason)"
        }
    }
}
