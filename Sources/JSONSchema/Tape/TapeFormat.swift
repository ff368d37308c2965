/// `format` on a string's UTF-8 bytes, for the tape validator.
///
/// The general checks (`SchemaFormat.accepts`) take a `String` and walk it by `Character`, which
/// cost more than the rest of a response's validation when every item has a URL. URIs and their
/// references that are ASCII (nearly all) are decided here on bytes, with exactly the rules of
/// `URIFormat.isURI`: for ASCII text a `Character` is one byte (a CRLF pair is one `Character`,
/// but neither byte is allowed anywhere in a URI), so splitting at the first `#`, `?` and `:` and
/// checking each component's characters gives the same answer. Dates and times follow
/// `DateTimeFormat`'s byte rules here without a `String`. Other formats, non-ASCII URIs and
/// IP-literal hosts take the general check.
enum TapeFormat {
    static func accepts(_ format: SchemaFormat, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch format {
        case .uri, .iri:
            if let answer = plainURI(text) ?? uri(text, reference: false) { return answer }
        case .uriReference, .iriReference:
            if let answer = plainURI(text) ?? uri(text, reference: true) { return answer }
        case .dateTime:
            return text.count > 11 && (text[10] == UInt8(ascii: "T") || text[10] == UInt8(ascii: "t"))
                && isDate(text, 0..<10) && isTime(text, 11..<text.count)
        case .date:
            return isDate(text, 0..<text.count)
        case .time:
            return isTime(text, 0..<text.count)
        default:
            break
        }
        return format.accepts(String(decoding: text, as: UTF8.self))
    }

    /// Whether ASCII `text` is a URI (or reference), or nil when `URIFormat` must decide (a byte
    /// past ASCII, where IRIs differ from URIs; an IP-literal host).
    ///
    /// For ASCII the international forms accept exactly what the plain ones do: they only add
    /// scalars above U+00A0.
    static func uri(_ text: UnsafeBufferPointer<UInt8>, reference: Bool) -> Bool? {
        // One pass: past ASCII the general check decides; the first `#` starts the fragment and
        // the first `?` before it the query.
        var hash = -1
        var question = -1
        for offset in 0..<text.count {
            let byte = text[offset]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "#") && hash < 0 {
                hash = offset
            } else if byte == UInt8(ascii: "?") && question < 0 && hash < 0 {
                question = offset
            }
        }
        var end = text.count
        var fragment = end..<end
        var query = end..<end
        if hash >= 0 {
            fragment = (hash + 1)..<end
            end = hash
        }
        if question >= 0 {
            query = (question + 1)..<end
            end = question
        }
        var start = 0
        if let colon = first(UInt8(ascii: ":"), text, 0..<end), isScheme(text, 0..<colon) {
            start = colon + 1
        } else {
            guard reference else { return false }
            // A relative reference's first segment cannot hold a colon (it would read as a scheme).
            if let colon = first(UInt8(ascii: ":"), text, 0..<end),
                first(UInt8(ascii: "/"), text, 0..<colon) == nil
            {
                return false
            }
        }
        if end - start >= 2 && text[start] == UInt8(ascii: "/") && text[start + 1] == UInt8(ascii: "/") {
            let authority = (start + 2)..<(first(UInt8(ascii: "/"), text, (start + 2)..<end) ?? end)
            guard let valid = isAuthority(text, authority) else { return nil }
            if !valid { return false }
            start = authority.upperBound
        }
        return isEncoded(text, start..<end, Self.path) && isEncoded(text, query, Self.query)
            && isEncoded(text, fragment, Self.query)
    }

    /// `userinfo@host:port`: nil for an IP literal (`[…]`).
    private static func isAuthority(_ text: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>) -> Bool? {
        var host = authority
        if let at = last(UInt8(ascii: "@"), text, host) {
            guard isEncoded(text, host.lowerBound..<at, Self.userinfo) else { return false }
            host = (at + 1)..<host.upperBound
        }
        if host.first.map({ text[$0] }) == UInt8(ascii: "[") { return nil }
        if let colon = last(UInt8(ascii: ":"), text, host) {
            for offset in (colon + 1)..<host.upperBound where text[offset] &- 48 >= 10 { return false }
            host = host.lowerBound..<colon
        }
        return isEncoded(text, host, Self.host)
    }

    /// Whether `range` holds only characters of `allowed` and `%` with two hex digits.
    private static func isEncoded(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ allowed: Mask)
        -> Bool
    {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = text[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, text[index + 1].isHexDigit, text[index + 2].isHexDigit
                else {
                    return false
                }
                index += 3
                continue
            }
            guard allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// A letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first, (text[first] | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        let scheme = Self.scheme
        for offset in range where !scheme.contains(text[offset]) { return false }
        return true
    }

    private static func first(_ byte: UInt8, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int?
    {
        for offset in range where text[offset] == byte { return offset }
        return nil
    }

    private static func last(_ byte: UInt8, _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        for offset in range.reversed() where text[offset] == byte { return offset }
        return nil
    }

    /// A set of ASCII bytes as a 128-bit mask.
    struct Mask {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(_ characters: String) {
            for byte in characters.utf8 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
        }
    }

    private static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    private static let subDelimiters = "!$&'()*+,;="
    private static let host = Mask(unreserved + subDelimiters)
    private static let userinfo = Mask(unreserved + subDelimiters + ":")
    private static let path = Mask(unreserved + subDelimiters + ":@/")
    private static let query = Mask(unreserved + subDelimiters + ":@/?")
    private static let scheme = Mask("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.")

    // MARK: - Dates and times (RFC 3339, as `DateTimeFormat` checks them)

    /// `YYYY-MM-DD` with a day that exists in that month.
    private static func isDate(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let start = range.lowerBound
        guard range.count == 10, text[start + 4] == UInt8(ascii: "-"), text[start + 7] == UInt8(ascii: "-"),
            let year = number(text, start, 4, in: range), let month = number(text, start + 5, 2, in: range),
            let day = number(text, start + 8, 2, in: range), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days =
            month == 2 ? (leap ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
        return day <= days
    }

    /// `HH:MM:SS`, optional fraction, then `Z` or `±HH:MM`; second 60 only at 23:59 UTC.
    private static func isTime(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let start = range.lowerBound
        guard range.count >= 9, text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":"),
            let hour = number(text, start, 2, in: range), let minute = number(text, start + 3, 2, in: range),
            let second = number(text, start + 6, 2, in: range), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if text[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < range.upperBound && text[index] &- 48 < 10 { index += 1 }
            guard index > digits else { return false }
        }
        guard index < range.upperBound else { return false }
        var offsetMinutes = 0
        switch text[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == range.upperBound else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let offset = (index + 1)..<range.upperBound
            guard offset.count == 5, text[index + 3] == UInt8(ascii: ":"),
                let offsetHour = number(text, index + 1, 2, in: offset),
                let offsetMinute = number(text, index + 4, 2, in: offset), offsetHour <= 23,
                offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (text[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return false
        }
        guard second == 60 else { return true }
        return ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440 == 23 * 60 + 59
    }

    /// The `length` digits at `start` as a number, or nil when one is not a digit or they pass
    /// the end of `range`.
    private static func number(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, in range: Range<Int>
    )
        -> Int?
    {
        guard start + length <= range.upperBound else { return nil }
        var value = 0
        for offset in start..<(start + length) {
            guard text[offset] &- 48 < 10 else { return nil }
            value = value * 10 + Int(text[offset] &- 48)
        }
        return value
    }
}
