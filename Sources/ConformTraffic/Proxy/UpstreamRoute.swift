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
    /// The upstream's origin and base path.
    let base: APIBase

    init?(_ upstream: String) {
        let base = APIBase(url: upstream)
        guard base.origin?.hasPrefix("http://") == true || base.origin?.hasPrefix("https://") == true
        else { return nil }
        self.base = base
    }

    /// Headers of one hop only: never forwarded as they came (the client sets its own framing and
    /// `Host`; `Expect` was answered here).
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length", "host", "expect",
    ]

    /// The request to send upstream (same method, headers but the one-hop ones, and body), and
    /// its target relative to the API: the received target without the base path, which is also
    /// what the contract's paths are matched with.
    func forwarded(_ request: HTTPRequest) -> (request: HTTPRequest, operationTarget: String) {
        let named = Set(request.headers.tokens(for: "Connection"))
        var headers = request.headers
        headers.removeAll {
            Self.hopByHop.contains($0.name.lowercased()) || named.contains($0.name.lowercased())
        }
        let relative = base.operationTarget(request.target)
        let forwarded = HTTPRequest(
            method: request.method, url: base.url + relative, headers: headers, body: request.body)
        return (forwarded, relative)
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
