extension EndpointCoverage {
    /// The coverage of each of `endpoints` by `cases`: the statuses their responses had, and the
    /// declared ones none of them had. `conform run` and the traffic checks compute it the same way.
    public static func of(_ endpoints: [Endpoint], in cases: [CaseResult]) -> [EndpointCoverage] {
        endpoints.map { endpoint in
            let seen = Array(
                Set(cases.filter { $0.endpointID == endpoint.id }.compactMap { $0.response?.status })
            ).sorted()
            let declared = endpoint.responses.map(\.status)
            let unexercised = declared.filter { status in !seen.contains { status.covers($0) } }
            return EndpointCoverage(
                endpointID: endpoint.id, declared: declared.map(\.description), seen: seen,
                unexercised: unexercised.map(\.description))
        }
    }
}
