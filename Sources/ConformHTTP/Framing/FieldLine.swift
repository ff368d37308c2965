/// One `name: value` line of a head or a trailer section, read by the rules both sides share.
package enum FieldLine {
    /// `tchar` from RFC 9110 §5.6.2: the characters allowed in methods and field names.
    /// Inlinable: the server's head parser calls it for every byte of every name.
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The field on `line`, or nil when it is not one.
    ///
    /// Strict (a server): the name is a non-empty token at the very start of the line. Lenient (a
    /// client): the name is anything non-empty without spaces or tabs before the colon.
    /// Either way the value is trimmed of spaces and tabs.
    package static func parse(_ line: some Collection<UInt8>, strict: Bool) -> HeaderField? {
        guard let colon = line.firstIndex(of: 0x3A), colon != line.startIndex else { return nil }
        let name = line[..<colon]
        let valid =
            strict ? name.allSatisfy(isTokenByte) : !name.contains(where: { $0 == 0x20 || $0 == 0x09 })
        guard valid else { return nil }
        return HeaderField(String(decoding: name, as: UTF8.self), trimmed(line[line.index(after: colon)...]))
    }

    /// The text of `bytes` without leading and trailing spaces and tabs.
    package static func trimmed(_ bytes: some Collection<UInt8>) -> String {
        let text = Array(bytes.drop { $0 == 0x20 || $0 == 0x09 })
        let end = text.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? 0
        return String(decoding: text[..<end], as: UTF8.self)
    }

    /// A short, printable rendering of raw bytes for messages: 40 bytes at most, other than
    /// visible ASCII shown as `?`.
    package static func quoted(_ bytes: some Collection<UInt8>) -> String {
        let shown = bytes.prefix(40).map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "?" }
            .joined()
        return "\"\(shown)\(bytes.count > 40 ? "…" : "")\""
    }
}
