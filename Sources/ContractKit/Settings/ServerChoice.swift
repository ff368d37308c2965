import Foundation

/// Which server a run or a fuzz sends its requests to, decided in one place for `conform run`,
/// `conform fuzz` and `ContractTesting`.
///
/// - A base URL the user gives (`--base-url`, `CONFORM_BASE_URL`) always wins.
/// - A description given as a URL (`conform run http://127.0.0.1:8000/openapi.json`) means the
///   server that served it, as every peer that takes a URL reads it: the URL's origin, with the
///   path of the description's first `servers` URL when it has one. A relative `servers` URL is
///   resolved against the description's URL, as OpenAPI says (`/v1` → `http://127.0.0.1:8000/v1`);
///   an absolute one lends only its path, since the description names where the API is published,
///   while the server to test is the one that answered.
/// - Otherwise (a file and no base URL) the contract's own mock, started in process.
///
/// ```swift
/// ServerChoice(baseURL: nil, location: "http://127.0.0.1:8000/openapi.json", contract: contract)
/// // .describedServer("http://127.0.0.1:8000")
/// ```
public enum ServerChoice: Sendable, Hashable {
    /// The base URL the user gave.
    case given(String)
    /// The server that served the description: its origin and the description's `servers` path.
    case describedServer(String)
    /// The contract's own mock.
    case mock

    /// - Parameters:
    ///   - baseURL: the base URL the user gave, if any (an empty one counts as none).
    ///   - location: the contract or description as the user named it: a path or an `http(s)://` URL.
    ///   - contract: the loaded contract, whose ``Contract/serverURL`` (else ``Contract/baseURL``)
    ///     gives the path of a described server.
    public init(baseURL: String?, location: String, contract: Contract) {
        if let baseURL, !baseURL.isEmpty {
            self = .given(baseURL)
        } else if DescriptionFetcher.isURL(location),
            let server = Self.server(servingAt: location, declared: contract.serverURL ?? contract.baseURL)
        {
            self = .describedServer(server)
        } else {
            self = .mock
        }
    }

    /// The server the requests go to, or nil for the mock (whose URL is known once it runs).
    public var baseURL: String? {
        switch self {
        case .given(let url), .describedServer(let url): return url
        case .mock: return nil
        }
    }

    /// The server of a description served at `location`: that URL's origin, followed by the path
    /// of `declared` (a `servers` URL) resolved against `location`; no trailing slash. Nil when
    /// `location` is not an absolute http(s) URL with a host.
    public static func server(servingAt location: String, declared: String?) -> String? {
        guard let served = URL(string: location), let scheme = served.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = served.host, !host.isEmpty
        else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let origin = "\(scheme)://\(shownHost)" + (served.port.map { ":\($0)" } ?? "")
        var path = ""
        if let declared, !declared.isEmpty,
            let resolved = URL(string: declared, relativeTo: served)?.absoluteURL,
            let components = URLComponents(url: resolved, resolvingAgainstBaseURL: false)
        {
            path = components.percentEncodedPath
        }
        while path.hasSuffix("/") { path.removeLast() }
        return origin + path
    }
}
