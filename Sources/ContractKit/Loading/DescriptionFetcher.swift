public import ConformHTTP
import Foundation
import JSONSchema

/// Fetches a description served over HTTP (`http://127.0.0.1:8000/openapi.json`), the way FastAPI,
/// Django REST framework or flasgger publish it, so every command takes the URL as it takes a file.
///
/// The fetch goes through ``HTTPTransport`` with the rules of a run: one deadline for the whole
/// exchange, the body limit enforced while bytes arrive, same-origin redirects only (a redirect to
/// another origin is refused, nothing is sent there), and no credentials: Conform sends none, and a
/// URL carrying a user name or password is refused before anything is sent, so no secret can reach
/// the description's server or a message. Query values are left out of the name messages and reports
/// use for the description (``displayName(of:)``), as they may carry a token.
public struct DescriptionFetcher: Sendable {
    /// The whole exchange, redirects included (a run's `--timeout`).
    public var timeout: Duration
    /// The most bytes the description may have (a run's `--max-body`).
    public var maximumBodyBytes: Int

    public init(
        timeout: Duration = TargetSettings.defaultTimeout,
        maximumBodyBytes: Int = HTTPTransport.defaultMaximumBodyBytes
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
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

    /// Fetches `location`; a problem is named by ``displayName(of:)``.
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
                "a description URL must not carry a user name or password; Conform sends no credentials when it fetches one (download the file and give its path instead)"
            )
        }
        var request = HTTPRequest(method: "GET", url: location)
        request.headers = [
            HeaderField("Accept", "application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5")
        ]
        let transport = HTTPTransport(
            timeout: timeout, maximumBodyBytes: maximumBodyBytes, followRedirects: true)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            return problem("cannot fetch the description: \(error)")
        }
        guard (200..<300).contains(response.status) else {
            return problem(
                "fetching the description answered \(response.status), not a description (2xx); check the URL"
            )
        }
        guard !response.body.isEmpty else {
            return problem("fetching the description answered an empty body")
        }
        return .bytes(response.body)
    }
}
