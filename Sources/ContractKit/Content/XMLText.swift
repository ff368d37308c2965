/// Escaping for XML 1.0 text and attribute values, for every XML Conform writes: JUnit reports and
/// the mock's XML bodies.
///
/// Server bodies end up in a report verbatim, so they may hold characters that no XML 1.0
/// document can contain (NUL, ESC and the other C0 controls, U+FFFE, U+FFFF). A single one makes
/// every JUnit consumer reject the whole file, so they are written as visible `\u{1B}` text
/// instead. No CDATA is used: plain escaping cannot be broken out of by a `]]>` in a body.
public enum XMLText {
    /// Escapes character data (element content). Tabs, newlines and carriage returns are kept; a
    /// carriage return is written as `&#13;` so XML parsers do not fold it into a newline.
    public static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// Escapes an attribute value in double or single quotes; tabs and line breaks become character
    /// references so attribute-value normalisation keeps them.
    public static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\r": output += "&#13;"
            case "\n": output += inAttribute ? "&#10;" : "\n"
            case "\t": output += inAttribute ? "&#9;" : "\t"
            default:
                if isAllowed(scalar) {
                    output.unicodeScalars.append(scalar)
                } else {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return output
    }

    /// XML 1.0 `Char`: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. Swift strings
    /// hold no surrogates, so only the C0 controls and U+FFFE/U+FFFF need to go. C1 controls
    /// (U+007F–U+009F) are allowed but discouraged; they are made visible too.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x20...0x7E: return true
        case 0x7F...0x9F: return false
        case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
