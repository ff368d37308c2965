/// RFC 3339 dates and times, and ISO 8601 durations, as `format` defines them.
enum DateTimeFormat {
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
            return false
        }
        return isDate(bytes[0..<10]) && isTime(bytes[11...])
    }

    static func isDate(_ text: String) -> Bool { isDate(Array(text.utf8)[...]) }

    static func isTime(_ text: String) -> Bool { isTime(Array(text.utf8)[...]) }

    private static func number(_ bytes: ArraySlice<UInt8>, _ offset: Int, _ length: Int) -> Int? {
        let start = bytes.startIndex + offset
        guard start + length <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard byte.isDigit else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10, bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
            bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 9, bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
            bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
            let hour = number(bytes, 0, 2), let minute = number(bytes, 3, 2),
            let second = number(bytes, 6, 2),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = bytes.startIndex + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.endIndex && bytes[index].isDigit { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.endIndex else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = bytes[(index + 1)...]
            guard offset.count == 5, offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                let offsetHour = number(offset, 0, 2), let offsetMinute = number(offset, 3, 2),
                offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// ISO 8601 durations as RFC 3339 appendix A restricts them: `P1Y2M`, `PT36H`, `P4W`.
    static func isDuration(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        bytes = bytes.dropFirst()
        if bytes.last == UInt8(ascii: "W") {
            return bytes.dropLast().allSatisfy(\.isDigit) && bytes.count > 1
        }
        let parts = bytes.split(separator: UInt8(ascii: "T"), omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        guard units(parts[0], allowed: Array("YMD".utf8)) else { return false }
        if parts.count == 2 {
            return !parts[1].isEmpty && units(parts[1], allowed: Array("HMS".utf8))
        }
        return !parts[0].isEmpty
    }

    /// Digit groups each followed by a unit; units are consecutive in `allowed` order (`1Y2M`, not `1Y2D`).
    private static func units(_ bytes: ArraySlice<UInt8>, allowed: [UInt8]) -> Bool {
        var next = 0
        var digits = 0
        for byte in bytes {
            if byte.isDigit {
                digits += 1
                continue
            }
            guard digits > 0, let position = allowed[next...].firstIndex(of: byte),
                next == 0 || position == next
            else {
                return false
            }
            next = position + 1
            digits = 0
        }
        return digits == 0
    }
}
