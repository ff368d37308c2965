public import Foundation

/// ISO 8601 timestamps in the two forms the reports need (and HAR files use), written and read
/// without a date formatter so that output is identical on Linux and macOS.
public enum Timestamp {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// `2026-11-22T04:31:00.125Z`: UTC with milliseconds, for JSON results.
    public static func iso8601(_ date: Date) -> String {
        let (base, milliseconds) = split(date)
        return base + "." + pad(milliseconds, to: 3) + "Z"
    }

    /// `2026-11-22T04:31:00`: UTC without a zone designator, as JUnit's `timestamp` requires.
    public static func junit(_ date: Date) -> String { split(date).base }

    private static func split(_ date: Date) -> (base: String, milliseconds: Int64) {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let milliseconds = total - seconds * 1000
        let parts = utc.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds))
        )
        func two(_ value: Int?) -> String { pad(Int64(value ?? 0), to: 2) }
        let base =
            pad(Int64(parts.year ?? 1970), to: 4) + "-" + two(parts.month) + "-"
            + two(parts.day)
            + "T" + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
        return (base, milliseconds)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else, including a
    /// timestamp without a zone, whose instant would be ambiguous.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 || ($0.1 == 84 && bytes[$0.0] == 116) }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            index += 1
            let start = index
            var digits = 0.0
            var scale = 1.0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if index - start < 9 {
                    digits = digits * 10 + Double(bytes[index] - 48)
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = digits / scale
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        if bytes[index] == 90 || bytes[index] == 122 {
            guard index + 1 == bytes.count else { return nil }
        } else {
            guard bytes[index] == 43 || bytes[index] == 45, index + 6 == bytes.count, bytes[index + 3] == 58,
                let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6)
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 45 ? -1 : 1)
        }
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
            let date = utc.date(from: components)
        else { return nil }
        return Date(timeIntervalSince1970: date.timeIntervalSince1970 - Double(offset) + fraction)
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    private static func pad(_ value: Int64, to width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
