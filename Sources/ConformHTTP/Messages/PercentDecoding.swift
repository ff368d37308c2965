/// Percent-decoding for the path and query of a request-target.
package enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` in queries) and checks that the result is UTF-8.
    /// - Parameter what: Names the part in the message (`path`, `query`).
    /// - Throws: A 400 rejection naming what is malformed.
    package static func decode(
        _ text: some StringProtocol, plusIsSpace: Bool, what: String
    ) throws(RequestRejection) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < input.count, let high = hexValue(input[index + 1]),
                    let low = hexValue(input[index + 2])
                else {
                    throw .badRequest(
                        "invalid percent-encoding in the \(what): \"%\" must be followed by two hex digits")
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        guard let decoded = String(strictUTF8: output) else {
            throw .badRequest("the \(what) is not valid UTF-8 once percent-decoded")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    /// Decodes UTF-8, or returns `nil` when the bytes are not valid UTF-8.
    ///
    /// `String(validating:as:)` needs macOS 15; decoding with replacement and checking that
    /// nothing was replaced is exact and works everywhere. Inlinable, so a caller in another module
    /// (the server's head parser, for every field value) gets it specialized for its bytes.
    @inlinable
    package init?(strictUTF8 bytes: some Collection<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
