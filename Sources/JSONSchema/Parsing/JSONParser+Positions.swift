/// Positions and messages for `JSONParser`: line and column of an offset (tracked for the source
/// map, recounted for an error), and the quoted input an error names.
extension JSONParser {
    /// Steps into the member or element `token` of the innermost open container, for the source map.
    mutating func enterPlace(_ token: String) {
        places.append(sourceMap.place(token, under: places[places.count - 1]))
    }

    /// The line and column of `offset`; the current line is tracked, earlier ones are recounted.
    func position(at offset: Int) -> SourcePosition {
        var line = 1
        var lineStart = 0
        if offset >= self.lineStart {
            line = self.line
            lineStart = self.lineStart
        } else {
            for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
        }
        var column = 1
        var position = lineStart
        while position < offset && position < bytes.count {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return SourcePosition(line: line, column: column, offset: offset)
    }

    /// The position of `offset` for the source map: offsets recorded in increasing order on the
    /// current line continue the column count of the previous one, so positions cost linear time in
    /// total however long the line.
    mutating func trackedPosition(at offset: Int) -> SourcePosition {
        guard offset >= lineStart, offset <= bytes.count else { return position(at: offset) }
        if columnCursor.lineStart != lineStart || columnCursor.offset > offset {
            columnCursor = (lineStart, lineStart, 1)
        }
        var column = columnCursor.column
        var position = columnCursor.offset
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        columnCursor = (lineStart, offset, column)
        return SourcePosition(line: line, column: column, offset: offset)
    }

    func error(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
        JSONParseError(reason, at: position(at: offset))
    }

    /// The character at `offset`, quoted for a message.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "'"): return "\"'\""
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        default:
            if byte >= 0x80, let length = try? validateUTF8Sequence(at: offset) {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
                // The code point too: U+00A0 or U+FEFF look like a space or nothing at all.
                let scalar =
                    text.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? ""
                return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - scalar.count)))\(scalar))"
            }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
        }
    }

    /// A bare word at `offset` (for `True` or `nul`), quoted for a message.
    func describeWord(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 16,
            (bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z"))
                || (bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z"))
        {
            end += 1
        }
        if end == offset { return describe(at: offset) }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
    }
}
