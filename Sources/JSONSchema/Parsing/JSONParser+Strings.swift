/// Strings for `JSONParser`: plain ASCII runs a word at a time, then escapes and UTF-8 checked
/// byte by byte with the exact error and position.
extension JSONParser {
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: plain ASCII without escapes needs no copy beyond the final String.
        index = PlainASCII.end(in: bytes, from: index)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        return try parseStringSlowly(from: start)
    }

    mutating func parseStringSlowly(from start: Int) throws(JSONParseError) -> String {
        var scratch: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case 0..<0x20:
                throw error(.controlCharacterInString(byte), at: index)
            case 0x80...:
                let length = try validateUTF8Sequence(at: index)
                scratch.append(contentsOf: bytes[index..<(index + length)])
                index += length
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' to close the string"), at: index)
    }

    mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "an escape sequence"), at: index)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart) }
                index += 2
                let low = try parseHex4(escapeStart: index - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            scratch.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
        default:
            throw error(.invalidEscape(escapeText(escapeStart)), at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw error(.unexpectedEnd(expected: "four hex digits after \\u"), at: index)
            }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error(.invalidEscape(escapeText(escapeStart)), at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func escapeText(_ start: Int) -> String {
        let end = min(bytes.count, start + 12)
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if let quote = text.firstIndex(of: "\"") { text = String(text[..<quote]) }
        if text.count > 6 && !text.hasPrefix("\\u") { text = String(text.prefix(2)) }
        if text.hasPrefix("\\u") { text = String(text.prefix(12)) }
        return "'\(text)'"
    }

    /// The length of the valid multi-byte UTF-8 sequence at `offset`, or `invalidUTF8` there.
    func validateUTF8Sequence(at offset: Int) throws(JSONParseError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: offset) else {
            throw error(.invalidUTF8, at: offset)
        }
        return length
    }
}
