import ConformHTTP
import ContractKit

/// The verdicts of a traffic run, in the order the exchanges ended, kept as lean as the run asks:
/// a proxy left running all day stays small when a passed exchange keeps its heads only and a
/// failed one its bodies up to ``keptBodyBytes``.
final class TrafficLog: Sendable {
    /// The most bytes of each body kept for a failed exchange's transcript (reports show less).
    static let keptBodyBytes = 64 * 1024

    private let results = Locked<[CaseResult]>([])
    private let retention: TrafficRun.Retention

    init(retention: TrafficRun.Retention) { self.retention = retention }

    func append(_ result: CaseResult) {
        var kept = result
        if retention == .lean {
            let limit = result.outcome == .passed ? 0 : Self.keptBodyBytes
            if var request = kept.request, request.body.count > limit {
                request.body = Array(request.body.prefix(limit))
                kept.request = request
            }
            if var response = kept.response, response.body.count > limit {
                response.body = Array(response.body.prefix(limit))
                kept.response = response
            }
        }
        results.withLock { $0.append(kept) }
    }

    var all: [CaseResult] { results.current }
}
