/// Magic numbers of the binary types a contract can declare.
public enum BinarySignature {
    static let signatures: [String: [UInt8]] = [
        "image/png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        "image/jpeg": [0xFF, 0xD8, 0xFF],
        "image/gif": Array("GIF8".utf8),
        "image/webp": Array("RIFF".utf8),
        "application/pdf": Array("%PDF-".utf8),
        "application/zip": [0x50, 0x4B, 0x03, 0x04],
        "application/gzip": [0x1F, 0x8B],
    ]

    /// Why `body` is not a `type` file, or nil when it starts with that type's signature (or the
    /// type has none known).
    public static func mismatch(type: String, body: [UInt8]) -> String? {
        guard let signature = signatures[type] else { return nil }
        if body.starts(with: signature) { return nil }
        return
            "the body is declared \(type) but does not start with its signature (it starts with \(describe(body)))"
    }

    /// The first bytes in hex, for messages.
    public static func describe(_ body: [UInt8]) -> String {
        if body.isEmpty { return "an empty body" }
        let hex = body.prefix(8).map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return hex.joined(separator: " ")
    }
}
