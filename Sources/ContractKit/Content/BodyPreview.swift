public import JSONSchema

/// Short, printable excerpts of bodies and values for findings.
public enum BodyPreview {
    public static func text(_ body: [UInt8], limit: Int) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let printable = String(
            text.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" ? "�" : Character($0) })
        return printable.count > limit ? String(printable.prefix(limit)) + "…" : printable
    }

    public static func json(_ value: JSONValue, limit: Int) -> String {
        let text = value.compactText
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
