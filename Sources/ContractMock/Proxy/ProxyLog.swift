import ConformHTTP
import ContractKit

/// The verdicts of a proxy session, kept lean so that a proxy left running all day stays small: a
/// passed exchange keeps its heads only, a failed one its bodies up to ``keptBodyBytes``.
final class ProxyLog: Sendable {
    /// The most bytes of each body kept for a failed exchange's transcript (reports show less).
    static let keptBodyBytes = 64 * 1024

    private let results = Locked<[CaseResult]>([])

    func append(_ result: CaseResult) {
        var lean = result
        let limit = result.outcome == .passed ? 0 : Self.keptBodyBytes
        if var request = lean.request, request.body.count > limit {
            request.body = Array(request.body.prefix(limit))
            lean.request = request
        }
        if var response = lean.response, response.body.count > limit {
            response.body = Array(response.body.prefix(limit))
            lean.response = response
        }
        results.withLock { $0.append(lean) }
    }

    var all: [CaseResult] { results.current }
}
