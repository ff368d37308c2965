import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// Finds, in an answer, the strings that name a resource this API serves, each with the request
/// that fetches it: same-origin URLs or absolute paths that match a `GET` operation with path
/// placeholders, and those held by a link-named property (`image_url`, `photoUri`, `href`,
/// `link`) even where the description declares no such path. What one answer points to must be
/// fetchable (`referenced_resource_availability`).
struct ReferenceFinder {
    let contract: Contract
    let baseURL: String

    /// One reference: the text as the answer gave it, and the request that fetches it (a declared
    /// operation's, or a plain `GET` of an undeclared path).
    struct Reference {
        var text: String
        var draft: RequestDraft?
        var path: String
    }

    /// At most `limit` references of `body`, in document order, each once (``AnswerWalk``'s bounds).
    func references(in body: JSONValue, limit: Int = 8) -> [Reference] {
        let base = URLComponents(string: baseURL)
        var found: [Reference] = []
        AnswerWalk.scalars(of: body) { value, key in
            if case .string(let text) = value, !found.contains(where: { $0.text == text }),
                let reference = reference(text, key: key, base: base)
            {
                found.append(reference)
            }
            return found.count < limit
        }
        return found
    }

    /// The request for `reference`: the declared operation's, else a `GET` with the run's headers.
    func record(_ reference: Reference, headers: HTTPFields) -> HTTPRequest {
        if let draft = reference.draft {
            return draft.record(baseURL: baseURL, extraHeaders: headers, auth: contract.auth)
        }
        let root = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        var fields = [HeaderField("Accept", "*/*")]
        for header in headers {
            fields.removeAll { $0.name.lowercased() == header.name.lowercased() }
            fields.append(header)
        }
        return HTTPRequest(method: "GET", url: root + reference.path, headers: HTTPFields(fields))
    }

    private func reference(_ text: String, key: String?, base: URLComponents?) -> Reference? {
        guard
            text.hasPrefix("/") && !text.hasPrefix("//") || text.hasPrefix("http://")
                || text.hasPrefix("https://"),
            let url = URLComponents(string: text)
        else { return nil }
        if url.host != nil && (url.host?.lowercased() != base?.host?.lowercased() || url.port != base?.port) {
            return nil
        }
        var path = url.path
        let basePath = base?.path ?? ""
        if !basePath.isEmpty, basePath != "/", path.hasPrefix(basePath) {
            path = String(path.dropFirst(basePath.count))
        }
        let decoded = path.removingPercentEncoding ?? path
        for endpoint in contract.endpoints
        where endpoint.method == "GET" && !endpoint.path.parameterNames.isEmpty {
            guard let values = endpoint.path.match(decoded) else { continue }
            return Reference(
                text: text, draft: RequestDraft(endpoint: endpoint, path: values.mapValues { .string($0) }),
                path: path)
        }
        guard let key, Self.isLinkName(key), !path.isEmpty else { return nil }
        return Reference(
            text: text, draft: nil, path: path + (url.percentEncodedQuery.map { "?" + $0 } ?? ""))
    }

    /// Whether a property's name says it holds a link to fetch.
    static func isLinkName(_ key: String) -> Bool {
        let name = key.lowercased()
        return ["url", "uri", "href", "link"].contains {
            name == $0 || name.hasSuffix("_" + $0) || name.hasSuffix($0)
        }
    }
}
