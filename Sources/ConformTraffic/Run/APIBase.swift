import ContractKit
public import Foundation

/// Where an API's operations sit, as traffic sees them: an origin and the base path the
/// contract's paths hang below (`https://api.example.com` and `/v1`).
///
/// Derived once per run from a base URL, so the proxy, HAR files and the test-time URL protocol
/// decide the same way which requests are the API's and what an operation's path is: a request
/// to `/v1/menu` is the contract's `/menu`, one to `/v10/menu` is not under `/v1` at all.
public struct APIBase: Sendable, Hashable {
    /// `scheme://host[:port]`, lowercased scheme; nil when the base URL names no host.
    public let origin: String?
    /// The base path without a trailing slash (`/v1`); empty when operations sit at the root.
    public let path: String

    /// The base of `url`: an absolute URL, a bare path, or empty for the root.
    public init(url: String) {
        let components = URLComponents(string: url)
        if let components, let scheme = components.scheme?.lowercased(), let host = components.host,
            !host.isEmpty
        {
            let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            origin = "\(scheme)://\(shownHost)" + (components.port.map { ":\($0)" } ?? "")
        } else {
            origin = nil
        }
        let path = components?.percentEncodedPath ?? ""
        self.path = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The URL this base was derived from, normalised: origin and path, no trailing slash.
    public var url: String { (origin ?? "") + path }

    /// `target` (a path, with or without a query) as the contract writes it: without the base
    /// path. A target outside the base path is returned as it is.
    public func operationTarget(_ target: String) -> String {
        guard !path.isEmpty, target.hasPrefix(path) else { return target }
        let rest = target.dropFirst(path.count)
        if rest.isEmpty { return "/" }
        if rest.hasPrefix("?") { return "/" + rest }
        return rest.hasPrefix("/") ? String(rest) : target
    }

    /// Whether the absolute `url` is this base or below it (`https://api.test/v1` holds
    /// `…/v1/menu` and `…/v1?x=1`, not `…/v10`). Always false without an origin.
    public func contains(url: String) -> Bool {
        guard origin != nil else { return false }
        let base = self.url
        guard url.lowercased().hasPrefix(base.lowercased()) else { return false }
        let rest = url.dropFirst(base.count)
        return rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?")
    }
}
