/// Finds the operation of a request as OpenAPI routes: concrete paths before templated ones, and
/// only the methods of the path that matched (so `DELETE /user/login` never reaches
/// `/user/{username}`).
///
/// The mock answers by it, and the proxy, `conform check` and the test-time URL protocol judge
/// traffic by it, so a request means the same operation everywhere.
///
/// ```swift
/// let router = OperationRouter(endpoints: contract.endpoints)
/// if case .endpoint(let endpoint, let values) = router.route(method: "GET", path: "/orders/7") {
///     print(endpoint.id, values["orderId"] ?? "")  // getOrder 7
/// }
/// ```
public struct OperationRouter: Sendable {
    /// Where a method and path lead.
    public enum Outcome: Sendable {
        /// The operation, with the values of its path placeholders (percent-decoded).
        case endpoint(Endpoint, pathValues: [String: String])
        /// The path exists but not with this method: the exact, de-duplicated methods it has.
        case methodNotAllowed(allowed: [String], pathEndpoint: Endpoint)
        /// No path template of the contract matches.
        case noPath
    }

    public let endpoints: [Endpoint]

    public init(endpoints: [Endpoint]) { self.endpoints = endpoints }

    /// The operation `method` and the decoded `path` (without query) name. `HEAD` falls back to
    /// the path's `GET` when the path declares no `HEAD`.
    public func route(method: String, path: String) -> Outcome {
        let outcome = route(method, path)
        guard case .noPath = outcome, path.contains("//") || (path.count > 1 && path.hasSuffix("/")) else {
            return outcome
        }
        // An empty path value (`/users/` for `/users/{name}` with name "") is still that endpoint;
        // whether "" is allowed is the parameter schema's business.
        let marker = "\u{1}"
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices.dropFirst() where segments[index].isEmpty { segments[index] = marker }
        switch route(method, segments.joined(separator: "/")) {
        case .endpoint(let endpoint, let values):
            return .endpoint(endpoint, pathValues: values.mapValues { $0 == marker ? "" : $0 })
        case let other:
            return other
        }
    }

    /// The endpoints that share `endpoint`'s method and route, declared under path keys that differ
    /// only by a `#fragment` (`/search#byName`, `/search#byId`), in contract order; `endpoint` alone
    /// when it has no such sibling.
    public func variants(of endpoint: Endpoint) -> [Endpoint] {
        endpoints.filter { $0.method == endpoint.method && $0.path.shape == endpoint.path.shape }
    }

    private func route(_ method: String, _ path: String) -> Outcome {
        let matches = endpoints.enumerated().compactMap { index, endpoint in
            endpoint.path.match(path).map { (index, endpoint, $0) }
        }
        let ordered = matches.sorted { lhs, rhs in
            if lhs.1.path.routesBefore(rhs.1.path) { return true }
            if rhs.1.path.routesBefore(lhs.1.path) { return false }
            return lhs.0 < rhs.0
        }
        guard let best = ordered.first else { return .noPath }
        let samePath = ordered.filter { $0.1.path.shape == best.1.path.shape }
        let wanted = method == "HEAD" && !samePath.contains { $0.1.method == "HEAD" } ? "GET" : method
        if let hit = samePath.first(where: { $0.1.method == wanted }) {
            return .endpoint(hit.1, pathValues: hit.2)
        }
        var allowed: [String] = []
        for match in samePath where !allowed.contains(match.1.method) { allowed.append(match.1.method) }
        return .methodNotAllowed(allowed: allowed, pathEndpoint: best.1)
    }
}
