import ConformHTTP

/// Why an answer to a description's URL is not a description: a status other than 2xx, an HTML
/// page (a login form a redirect led to), or no body. The message names the status, the redirects
/// taken and what to do, so a description behind a login is never reported as a parse error of
/// the login page.
struct FetchRefusal {
    let message: String

    /// Nil when the answer may be a description (2xx, not HTML, not empty).
    init?(response: HTTPResponse, credentialsGiven: Bool) {
        let status = response.status
        let type = response.header("Content-Type").map { " (\($0))" } ?? ""
        let hops = response.redirects.map {
            "\($0.status) from \(DescriptionFetcher.displayName(of: $0.url))"
        }.joined(separator: ", ")
        let redirected = hops.isEmpty ? "" : " after redirects (\(hops))"
        let hint =
            credentialsGiven
            ? "the credentials given (--header, --auth) were not accepted"
            : "if the description needs credentials, give them with --header 'Authorization: …' or --auth"
        if !(200..<300).contains(status) {
            let why = status == 401 || status == 403 ? "; \(hint)" : "; check the URL"
            message =
                "fetching the description answered \(status)\(redirected), not a description (2xx)\(why)"
        } else if Self.isHTML(response) {
            message =
                "fetching the description answered \(status) with an HTML page\(type)\(redirected), not a description (a login page?); \(hint)"
        } else if response.body.isEmpty {
            message = "fetching the description answered \(status) with an empty body\(redirected)"
        } else if !Self.namesADescription(response.body) {
            message =
                "fetching the description answered \(status)\(type)\(redirected) with a body that is not a description (no \"openapi\", \"swagger\" or \"conform\" in it); check the URL"
        } else {
            return nil
        }
    }

    /// Whether the body mentions a description's version key at all: an error body (`{"detail":
    /// "Not authenticated"}`) does not, and is then not read as a malformed contract.
    static func namesADescription(_ body: [UInt8]) -> Bool {
        let keys = ["openapi", "swagger", "conform"].map { Array($0.utf8) }
        guard body.count >= 7 else { return false }
        for index in 0...(body.count - 7)
        where body[index] == 0x6F || body[index] == 0x73 || body[index] == 0x63 {
            if keys.contains(where: { body[index..<min(body.count, index + $0.count)].elementsEqual($0) }) {
                return true
            }
        }
        return false
    }

    /// Whether the body is an HTML page: by its content type, or by how it starts.
    static func isHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.header("Content-Type")?.lowercased(),
            type.hasPrefix("text/html") || type.hasPrefix("application/xhtml")
        {
            return true
        }
        let start = response.body.prefix(512).drop {
            [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0)
        }
        let head = String(decoding: start.prefix(15), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }
}
