import ConformHTTP
import ContractKit
import Foundation

/// The kinds of value Conform's options take, each with its parse rule and its wording for the
/// error when a value is not one, so `--timeout` reads the same in `run` and `fuzz`.
extension Option where Value == String {
    /// Any text, `defaultValue` when absent (shown in help).
    static func text(
        _ name: String, short: Character? = nil, valueName: String, help: String, default defaultValue: String
    )
        -> Self
    {
        Self(
            name, short: short, valueName: valueName, help: help, default: defaultValue, show: { $0 },
            expected: "a value", parse: { $0 })
    }
}

extension Option where Value == String? {
    /// Any text; nil when absent.
    static func text(_ name: String, short: Character? = nil, valueName: String, help: String) -> Self {
        Self(
            name, short: short, valueName: valueName, help: help, default: nil, expected: "a value",
            parse: { $0 })
    }
}

extension Option where Value == Duration {
    /// A positive number of seconds (`2.5`).
    static func seconds(_ name: String, help: String, default defaultValue: Duration) -> Self {
        Self(
            name, valueName: "seconds", help: help, default: defaultValue, show: { Self.secondsText($0) },
            expected: "a positive number of seconds", parse: Self.parseSeconds)
    }

    static func secondsText(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    @Sendable static func parseSeconds(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 * 365 else { return nil }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }
}

extension Option where Value == Duration? {
    /// A positive number of seconds; nil when absent.
    static func seconds(_ name: String, help: String) -> Self {
        Self(
            name, valueName: "seconds", help: help, default: nil, expected: "a positive number of seconds",
            parse: { text -> Duration?? in Option<Duration>.parseSeconds(text).map { .some($0) } })
    }
}

extension Option where Value == Int {
    /// A whole number in `range`.
    static func integer(
        _ name: String, valueName: String = "n", help: String, default defaultValue: Int,
        range: ClosedRange<Int>
    ) -> Self {
        Self(
            name, valueName: valueName, help: help, default: defaultValue, show: { String($0) },
            expected: "a number from \(range.lowerBound) to \(range.upperBound)",
            parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } })
    }

    /// A size in MiB (`0.5`, `64`), kept in bytes.
    static func mebibytes(_ name: String, help: String, default defaultValue: Int) -> Self {
        Self(
            name, valueName: "MiB", help: help, default: defaultValue,
            show: { bytes in Option<Duration>.number(Double(bytes) / 1_048_576) },
            expected: "a positive number of MiB (at most 65536)",
            parse: { text in
                guard let mebibytes = Double(text), mebibytes > 0, mebibytes <= 65_536 else { return nil }
                return Int(mebibytes * 1_048_576)
            })
    }
}

extension Option where Value == UInt64 {
    /// A non-negative integer (a seed).
    static func seed(_ name: String, help: String, default defaultValue: UInt64) -> Self {
        Self(
            name, valueName: "number", help: help, default: defaultValue, show: { String($0) },
            expected: "a non-negative integer", parse: { UInt64($0) })
    }
}

extension Option where Value == Double {
    /// A number above `minimum` (`1.5`).
    static func number(
        _ name: String, valueName: String, help: String, default defaultValue: Double, above minimum: Double
    )
        -> Self
    {
        Self(
            name, valueName: valueName, help: help, default: defaultValue,
            show: { Option<Duration>.number($0) },
            expected: "a number above \(Option<Duration>.number(minimum)), such as 1.5",
            parse: { Double($0).flatMap { $0 > minimum ? $0 : nil } })
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of a fixed set of words; the default shown in help.
    static func choice(_ name: String, help: String, default defaultValue: Value) -> Self {
        let words = Value.allCases.map(\.rawValue)
        return Self(
            name, valueName: words.joined(separator: "|"), help: help, default: defaultValue,
            show: { $0.rawValue }, expected: Self.either(words), parse: { Value(rawValue: $0) })
    }
}

extension Option {

    /// One of a fixed set of words, nil when absent.
    static func choice<Choice: RawRepresentable & Sendable & CaseIterable>(_ name: String, help: String)
        -> Self
    where Value == Choice?, Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        return Self(
            name, valueName: words.joined(separator: "|"), help: help, default: nil,
            expected: Self.either(words),
            parse: { text -> Choice?? in Choice(rawValue: text).map { .some($0) } })
    }

    static func either(_ words: [String]) -> String {
        words.count == 2 ? "\(words[0]) or \(words[1])" : "one of \(words.joined(separator: ", "))"
    }

    /// `1.5`, `64`: a number as help shows it, without a needless `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
