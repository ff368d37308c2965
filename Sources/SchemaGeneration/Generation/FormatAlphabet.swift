/// The characters a `format` accepts anywhere in a value, for drawing the open parts of a pattern.
package enum FormatAlphabet {
    /// RFC 3986's unreserved characters: valid in every part of a URI without escaping.
    static let unreserved: [ClosedRange<UInt32>] = [
        0x2D...0x2E, 0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0x7E...0x7E,
    ]
    /// Lowercase letters and digits: valid in every host label and email local part.
    static let alphanumeric: [ClosedRange<UInt32>] = [0x30...0x39, 0x61...0x7A]

    /// Whether `text` is certainly a valid `format` value (`uri` and its relatives) because it has
    /// the plainest URL shape, `scheme://host/path` with the host and every path segment made of
    /// unreserved characters only: RFC 3986 accepts every such string. A quick sufficient test
    /// that spares the full URI parse for the strings `PatternPlans` draws; false says "check".
    package static func isPlainURL(_ text: String, format: String) -> Bool {
        guard scalars(format) == unreserved else { return false }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        var byte = bytes.next()
        while let current = byte,
            isLetter(current) || isDigit(current) || current == 0x2B || current == 0x2D
                || current == 0x2E
        {
            byte = bytes.next()
        }
        guard byte == 0x3A, bytes.next() == 0x2F, bytes.next() == 0x2F else { return false }
        var hostLength = 0
        var inHost = true
        while let current = bytes.next() {
            if current == 0x2F {
                inHost = false
                continue
            }
            guard isUnreserved(current) else { return false }
            if inHost { hostLength += 1 }
        }
        return hostLength > 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// nil for a format without a narrower alphabet than printable ASCII.
    package static func scalars(_ format: String) -> [ClosedRange<UInt32>]? {
        switch format {
        case "uri", "uri-reference", "iri", "iri-reference": return unreserved
        case "hostname", "idn-hostname", "email", "idn-email": return alphanumeric
        default: return nil
        }
    }
}
