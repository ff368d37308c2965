import ConformHTTP
import ContractKit
import Foundation

/// Where a received request goes upstream: the upstream's origin and base path with the request's
/// own target, and its headers without those that belong to one hop (RFC 9110 §7.6.1).
///
/// A request may name the API path with or without the upstream's base path: an app whose base URL
/// was switched to the proxy sends `/menu`, one using the proxy through system settings sends
/// `http://api.example.com/v1/menu`. Both reach `<upstream>/menu`, and both are matched as `/menu`.
struct UpstreamRoute: Sendable {
    /// `scheme://host[:port]`.
    let origin: String
    /// The upstream URL's path without a trailing slash (`/v1`), empty at the root.
    let basePath: String

    init?(_ upstream: String) {
        guard let components = URLComponents(string: upstream), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        origin = "\(scheme)://\(shownHost)" + (components.port.map { ":\($0)" } ?? "")
        let path = components.percentEncodedPath
        basePath = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Headers of one hop only: never forwarded as they came (the client sets its own framing and
    /// `Host`; `Expect` was answered here).
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length", "host", "expect",
    ]

    /// The request-target relative to the API: the received one without the base path.
    func relativeTarget(of request: HTTPRequest) -> String {
        let target = request.target
        guard !basePath.isEmpty, target.hasPrefix(basePath) else { return target }
        let rest = target.dropFirst(basePath.count)
        if rest.isEmpty { return "/" }
        if rest.hasPrefix("?") { return "/" + rest }
        return rest.hasPrefix("/") ? String(rest) : target
    }

    /// The request to send upstream: same method, headers (one-hop ones aside) and body.
    func forwarded(_ request: HTTPRequest) -> HTTPRequest {
        let named = Set(request.headers.tokens(for: "Connection"))
        var headers = request.headers
        headers.removeAll {
            Self.hopByHop.contains($0.name.lowercased()) || named.contains($0.name.lowercased())
        }
        return HTTPRequest(
            method: request.method, url: origin + basePath + relativeTarget(of: request), headers: headers,
            body: request.body)
    }

    /// Response headers of one hop only, dropped before the answer goes back to the client.
    static func passedOn(_ headers: HTTPFields) -> HTTPFields {
        let named = Set(headers.tokens(for: "Connection"))
        var kept = headers
        kept.removeAll {
            ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"].contains(
                $0.name.lowercased()) || named.contains($0.name.lowercased())
        }
        return kept
    }
}
