import ContractKit
import Foundation
import JSONSchema

/// Finds, in an answer, the strings that name a resource this API serves: same-origin URLs or
/// absolute paths (an `image_url`) matching a `GET` operation with path placeholders, each with
/// the request that fetches it. What one answer points to must be fetchable
/// (`referenced_resource_availability`).
struct ReferenceFinder {
    let contract: Contract
    let baseURL: String

    /// At most `limit` references of `body`, in document order, each once.
    func references(in body: JSONValue, limit: Int = 8) -> [(text: String, draft: RequestDraft)] {
        let base = URLComponents(string: baseURL)
        var found: [(String, RequestDraft)] = []
        var budget = 2_000
        func walk(_ value: JSONValue) {
            guard budget > 0, found.count < limit else { return }
            budget -= 1
            switch value {
            case .object(let object): object.members.forEach { walk($0.value) }
            case .array(let elements): elements.forEach(walk)
            case .string(let text):
                guard !found.contains(where: { $0.0 == text }), let draft = reference(text, base: base) else {
                    return
                }
                found.append((text, draft))
            default: break
            }
        }
        walk(body)
        return found
    }

    private func reference(_ text: String, base: URLComponents?) -> RequestDraft? {
        guard text.hasPrefix("/") || text.hasPrefix("http://") || text.hasPrefix("https://"),
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
            return RequestDraft(endpoint: endpoint, path: values.mapValues { .string($0) })
        }
        return nil
    }
}
