import ConformHTTP
import ContractKit

extension ContractMock {
    /// The operation a request means when several share its method and route, declared under path
    /// keys that differ only by a `#fragment` (a known way to give one URL two operations): the one
    /// whose parameters and body the request satisfies, then the one it gives the most declared
    /// parameters of, then the first declared.
    func variant(
        of routed: Endpoint, among variants: [Endpoint], for request: HTTPRequest,
        pathValues: [String: String]
    ) -> Endpoint {
        guard variants.count > 1 else { return routed }
        let ranked = variants.enumerated().map { index, endpoint in
            let isValid =
                requestValidator.violation(
                    of: request, endpoint: endpoint, pathValues: pathValues,
                    bodyRule: ReferenceIntegrity(mock: self, endpoint: endpoint, request: request).violation(
                        in:)
                ) == nil
            let given = endpoint.parameters.filter { parameter in
                switch parameter.location {
                case .path: return false
                case .query: return request.query.contains { $0.name == parameter.name }
                case .header: return request.headers[parameter.name] != nil
                }
            }.count
            return (endpoint: endpoint, isValid: isValid, given: given, index: index)
        }
        let best = ranked.min { a, b in
            if a.isValid != b.isValid { return a.isValid }
            if a.given != b.given { return a.given > b.given }
            return a.index < b.index
        }
        return best?.endpoint ?? routed
    }
}
