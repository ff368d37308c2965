public import ConformHTTP
import Foundation
import JSONSchema

/// Fetches a description served over HTTP (`http://127.0.0.1:8000/openapi.json`), the way FastAPI,
/// Django REST framework or flasgger publish it, so every command takes the URL as it takes a file.
///
/// The fetch goes through ``HTTPTransport`` with the rules of a run: one deadline for the whole
/// exchange, the body limit enforced while bytes arrive, same-origin redirects only (a redirect to
/// another origin is refused, nothing is sent there). It is made as the user would make it: the
/// run's `--header` values go with it, and when the server refuses it without credentials (401,
/// 403, or a redirect to a login page) it is made once more with the first `--auth` credential
/// (see ``credentials``). Headers and credentials only ever reach the URL's own origin. A URL
/// carrying a user name or password is refused before anything is sent. An answer that is not a
/// description (another status than 2xx, an HTML page) is a problem naming the URL and the status,
/// never a parse error of the page. Query values are left out of the name messages and reports use
/// for the description (``displayName(of:)``), as they may carry a token.
public struct DescriptionFetcher: Sendable {
    /// The whole exchange, redirects included (a run's `--timeout`).
    public var timeout: Duration
    /// The most bytes the description may have (a run's `--max-body`).
    public var maximumBodyBytes: Int
    /// Headers sent with the fetch (a run's `--header` values).
    public var headers: HTTPFields
    /// Credentials offered when the server refuses the fetch without them (a run's `--auth`
    /// values): the security schemes they belong to are in the description not yet read, so the
    /// first is sent the way a server most often takes it, `user:password` as Basic and anything
    /// else as a Bearer token, unless `headers` carry an `Authorization` of their own. A credential
    /// a server takes elsewhere (an API-key header) is given with `--header`.
    public var credentials: [String]

    public init(
        timeout: Duration = TargetSettings.defaultTimeout,
        maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes, headers: HTTPFields = HTTPFields(),
        credentials: [String] = []
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.headers = headers
        self.credentials = credentials
    }

    /// Whether `location` names a description by URL (`http://` or `https://`) rather than a file.
    public static func isURL(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The URL as messages and reports name the description: without a user name or password, and
    /// without its query's values (`…/openapi.json?token=…`), which may hold a secret.
    public static func displayName(of location: String) -> String {
        guard isURL(location), let scheme = location.range(of: "://") else { return location }
        var name = location
        let authorityEnd = name[scheme.upperBound...].firstIndex { "/?#".contains($0) } ?? name.endIndex
        if let at = name[scheme.upperBound..<authorityEnd].lastIndex(of: "@") {
            name.replaceSubrange(scheme.upperBound..<at, with: "…")
        }
        guard let mark = name.firstIndex(of: "?") else { return name }
        let query = name[name.index(after: mark)...].prefix { $0 != "#" }
        let names = query.split(separator: "&").map { $0.prefix { $0 != "=" } + "=…" }
        return String(name[..<mark]) + "?" + names.joined(separator: "&")
    }

    /// The name a URL gives the files made from it (reports, an imported contract): its last path
    /// component without the extension (`…/api/openapi.json?v=2` → `openapi`), else its host
    /// (`http://127.0.0.1:8101/` → `127.0.0.1-8101`); nil when `location` is not a URL.
    public static func stem(of location: String) -> String? {
        guard isURL(location), let components = URLComponents(string: location) else { return nil }
        let last = components.path.split(separator: "/").last.map(String.init) ?? ""
        let name =
            last.contains(".") && !last.hasPrefix(".")
            ? String(last[..<(last.lastIndex(of: ".") ?? last.endIndex)]) : last
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        if !cleaned.isEmpty { return cleaned }
        let host = (components.host ?? "") + (components.port.map { "-\($0)" } ?? "")
        let safeHost = String(host.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        return safeHost.isEmpty ? "description" : safeHost
    }

    /// What a fetch gave: the description's bytes, or the problem that says why there are none.
    public enum Outcome: Sendable {
        case bytes([UInt8])
        case problem(ContractProblem)
    }

    /// Fetches `location`; a problem is named by ``displayName(of:)`` and says what the server
    /// answered.
    public func fetch(_ location: String) async -> Outcome {
        let name = Self.displayName(of: location)
        func problem(_ message: String) -> Outcome {
            .problem(ContractProblem(message, at: .root, file: name))
        }
        guard let url = URLComponents(string: location), url.host?.isEmpty == false else {
            return problem("not a URL Conform can fetch; give an http:// or https:// URL or a file path")
        }
        guard url.user == nil, url.password == nil else {
            return problem(
                "a description URL must not carry a user name or password; give the credential with --header or --auth instead"
            )
        }
        var request = HTTPRequest(method: "GET", url: location)
        request.headers = [
            HeaderField("Accept", "application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5")
        ]
        for field in headers { request.headers.set(field.name, field.value) }
        var response: HTTPResponse
        do {
            response = try await send(request)
            if Self.isRefusal(response), let authorization = authorization(besides: request.headers) {
                request.headers.set("Authorization", authorization)
                response = try await send(request)
            }
        } catch {
            return problem("cannot fetch the description: \(error)")
        }
        if let refusal = FetchRefusal(
            response: response, credentialsGiven: !credentials.isEmpty || !headers.isEmpty)
        {
            return problem(refusal.message)
        }
        return .bytes(response.body)
    }

    private func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await HTTPTransport(timeout: timeout, maximumBodyBytes: maximumBodyBytes, followRedirects: true)
            .send(request)
    }

    /// Whether the server refused the fetch for want of credentials: 401, 403, or a redirect that
    /// ended on an HTML page (a login form).
    static func isRefusal(_ response: HTTPResponse) -> Bool {
        response.status == 401 || response.status == 403
            || (!response.redirects.isEmpty && FetchRefusal.isHTML(response))
    }

    /// The `Authorization` value of the first credential, nil when there is none or the headers
    /// already carry one.
    private func authorization(besides fields: HTTPFields) -> String? {
        guard !fields.contains("Authorization"), let credential = credentials.first else { return nil }
        if credential.contains(":") {
            return "Basic " + Data(credential.utf8).base64EncodedString()
        }
        return "Bearer " + credential
    }
}
