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

    /// Why a line is not a field, so each side can word (or forgive) it its own way.
    package enum Problem: Error, Equatable {
        /// The line starts with a space or a tab: obsolete line folding (RFC 9112 §5.2).
        case folded
        /// No colon.
        case noColon
        /// The bytes before the colon are not a field name (or there are none).
        case invalidName(ArraySlice<UInt8>)
        /// The value carries a control character other than a tab.
        case controlCharacter(name: ArraySlice<UInt8>)
    }

    /// The field on `line`: the one header-line parser of the package, for request heads,
    /// response heads and trailers alike.
    ///
    /// Strict (a server): the name is a non-empty token at the very start of the line and the
    /// value holds no control character. Lenient (a client): the name is anything non-empty
    /// without spaces or tabs before the colon. Either way the value is trimmed of spaces and tabs
    /// and read as UTF-8 when it is valid UTF-8, else as ISO-8859-1 (RFC 9110 §5.5).
    package static func read(_ line: ArraySlice<UInt8>, strict: Bool) throws(Problem) -> HeaderField {
        if strict, let first = line.first, first == 0x20 || first == 0x09 { throw .folded }
        guard let colon = line.firstIndex(of: 0x3A) else { throw .noColon }
        let name = line[..<colon]
        let valid =
            !name.isEmpty
            && (strict ? name.allSatisfy(isTokenByte) : !name.contains(where: { $0 == 0x20 || $0 == 0x09 }))
        guard valid else { throw .invalidName(name) }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
        if strict, !value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) {
            throw .controlCharacter(name: name)
        }
        return HeaderField(String(decoding: name, as: UTF8.self), decodedValue(value))
    }

    /// The field on `line`, or nil when it is not one (see ``read(_:strict:)``).
    package static func parse(_ line: some Collection<UInt8>, strict: Bool) -> HeaderField? {
        try? read(ArraySlice(line), strict: strict)
    }

    /// Field values are usually ASCII; UTF-8 is kept, other bytes are read as ISO-8859-1.
    private static func decodedValue(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(strictUTF8: bytes) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
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
