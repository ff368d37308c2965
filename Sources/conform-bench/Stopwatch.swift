import ConformHTTP
import Foundation

/// Wall-clock timing with the monotonic clock, and the median over repetitions that every figure
/// of the bench reports (the median ignores the one repetition another engineer's build slowed).
enum Stopwatch {
    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return seconds(clock.now - start)
    }

    /// Seconds taken by the asynchronous `body`.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return seconds(clock.now - start)
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Paired repetitions: each repetition times the subject and its baseline back to back, so both see
/// the same machine load, and the ratio is the median of the per-repetition ratios.
struct PairedTiming {
    var subject: [Double] = []
    var baseline: [Double] = []

    var subjectSeconds: Double { Stopwatch.median(subject) }
    var baselineSeconds: Double { Stopwatch.median(baseline) }

    /// Median of baseline time ÷ subject time: above 1 means the subject is faster.
    var speedup: Double {
        Stopwatch.median(zip(subject, baseline).map { $0.1 / $0.0 })
    }

    /// Median of subject time ÷ baseline time: the subject's cost in units of the baseline.
    var slowdown: Double {
        Stopwatch.median(zip(subject, baseline).map { $0.0 / $0.1 })
    }
}
