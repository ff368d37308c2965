public import ContractKit
import Foundation

/// Number, time and grouping helpers that every report shares, so that the JUnit, Markdown and JSON
/// outputs of one run agree on every figure they print.
public enum ReportFormatting {
    /// Whole milliseconds of a duration, rounded to nearest; negative durations count as zero.
    public static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, !(seconds == 0 && attoseconds < 0) else { return 0 }
        return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// Whole microseconds of a duration, rounded to nearest; negative durations count as zero.
    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, !(seconds == 0 && attoseconds < 0) else { return 0 }
        return seconds * 1_000_000 + (attoseconds + 500_000_000_000) / 1_000_000_000_000
    }

    /// Seconds with exactly three decimals and no exponent (`0.125`), the form JUnit's `time`
    /// attributes accept in every schema.
    public static func seconds(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return "\(milliseconds / 1000)." + pad(milliseconds % 1000, to: 3)
    }

    /// A short human duration: `840 ms`, `2.35 s`, `3 min 04 s`.
    public static func human(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds < 60_000 {
            let hundredths = (milliseconds + 5) / 10
            return "\(hundredths / 100)." + pad(hundredths % 100, to: 2) + " s"
        }
        let seconds = (milliseconds + 500) / 1000
        return "\(seconds / 60) min " + pad(seconds % 60, to: 2) + " s"
    }

    /// Milliseconds with up to three decimals as exact JSON-friendly text (`12.5`, `3`).
    static func millisecondsText(_ duration: Duration) -> String {
        let micro = microseconds(duration)
        var fraction = pad(micro % 1000, to: 3)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(micro / 1000)" : "\(micro / 1000).\(fraction)"
    }

    static func pad(_ value: Int64, to width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The host part of a base URL, or `localhost` when it has none (JUnit requires a host name).
    public static func host(of baseURL: String) -> String {
        guard let host = URLComponents(string: baseURL)?.host, !host.isEmpty else { return "localhost" }
        return host
    }

    /// The cases of a run grouped by endpoint, endpoints in order of first appearance.
    public static func casesByEndpoint(_ cases: [CaseResult]) -> [(endpointID: String, cases: [CaseResult])] {
        var order: [String] = []
        var groups: [String: [CaseResult]] = [:]
        for item in cases {
            if groups[item.endpointID] == nil { order.append(item.endpointID) }
            groups[item.endpointID, default: []].append(item)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Sum of the case durations of a group.
    static func total(_ cases: [CaseResult]) -> Duration {
        cases.reduce(Duration.zero) { $0 + $1.duration }
    }

    /// The most UTF-8 bytes of one finding field (message, expected, actual), one reason or one
    /// reproducer in a report. Findings carry reproducers and server text; capping each field,
    /// rather than dropping whole findings, keeps every failure in the report and the report small.
    public static let fieldLimit = 4_096

    /// `text` when it fits `limit` UTF-8 bytes; else its start, cut between characters, and a note
    /// giving the full size.
    public static func clipped(_ text: String, limit: Int = fieldLimit) -> String {
        guard text.utf8.count > limit else { return text }
        return Transcript.decode(Array(text.utf8), limit: limit).replacingOccurrences(
            of: "\n… (truncated, ", with: " … (truncated, ")
    }
}
