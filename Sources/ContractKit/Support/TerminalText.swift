/// Text from a server made safe for a terminal or a CI log.
///
/// A server controls bodies, headers and therefore finding messages; printed raw, an ESC or BEL
/// in them could retitle, recolour or rewrite the log a person reads to judge the run. Reports have
/// their own escaping; this is for the lines Conform prints.
public enum TerminalText {
    /// `text` with every control character (C0 but tab, DEL, C1) written as `\u001b`-style text.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
    }
}
