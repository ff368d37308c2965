/// `format` on a string's UTF-8 bytes, for the tape validator.
///
/// The general checks (`SchemaFormat.accepts`) take a `String` and walk it by `Character`, which
/// cost more than the rest of a response's validation when every item has a URL. URIs and their
/// references that are ASCII (nearly all) are decided here on bytes, with exactly the rules of
/// `URIFormat.isURI`: for ASCII text a `Character` is one byte (a CRLF pair is one `Character`,
/// but neither byte is allowed anywhere in a URI), so splitting at the first `#`, `?` and `:` and
/// checking each component's characters gives the same answer. Other formats, non-ASCII text and
/// IP-literal hosts take the general check.
enum TapeFormat {
    static func accepts(_ format: SchemaFormat, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch format {
        case .uri, .iri:
            if let answer = uri(text, reference: false) { return answer }
        case .uriReference, .iriReference:
            if let answer = uri(text, reference: true) { return answer }
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
        for byte in text where byte >= 0x80 { return nil }
        var end = text.count
        var fragment = end..<end
        var query = end..<end
        if let hash = first(UInt8(ascii: "#"), text, 0..<end) {
            fragment = (hash + 1)..<end
            end = hash
        }
        if let question = first(UInt8(ascii: "?"), text, 0..<end) {
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
}
