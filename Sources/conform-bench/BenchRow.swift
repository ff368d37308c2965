/// One line of the benchmark table: a side-by-side ratio with the absolute figures it came from.
///
/// Machines are shared and noisy, so targets are judged on ratios measured in the same run (and on
/// absolute figures only where the target itself is absolute), always as the median of repetitions.
struct BenchRow: Sendable {
    /// The section (`Parser`, `Validator`, …).
    var area: String
    /// What was measured.
    var name: String
    /// The measured figure with its unit (`312.4 MB/s`).
    var measured: String
    /// The figure it is compared with, when there is one (`Foundation 10.2 MB/s`).
    var baseline: String
    /// The ratio or derived figure the target is stated on (`30.6×`).
    var ratio: String
    /// The target as a person reads it (`≥ 200 MB/s`).
    var target: String
    /// nil when the row is informational and has no target.
    var met: Bool?

    var verdict: String {
        switch met {
        case .some(true): return "met"
        case .some(false): return "MISSED"
        case .none: return "–"
        }
    }
}

/// Number formatting shared by every row, so the table reads the same throughout.
enum Figure {
    static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 {
                text = String(text[..<dot])
            } else if decimals < digits {
                text += String(repeating: "0", count: digits - decimals)
            }
        }
        return text
    }

    static func megabytesPerSecond(_ value: Double) -> String { "\(fixed(value)) MB/s" }
    static func milliseconds(_ seconds: Double) -> String { "\(fixed(seconds * 1000)) ms" }
    static func perSecond(_ value: Double, _ unit: String) -> String { "\(fixed(value, 0)) \(unit)/s" }
    static func times(_ value: Double) -> String { "\(fixed(value, 2))×" }
    static func megabytes(_ bytes: Double) -> String { "\(fixed(bytes / 1_000_000)) MB" }
}
