/// Node properties: anchors, aliases and tags (with the tag handles and URI characters they use).
extension YAMLScanner {
    mutating func fetchAnchor(alias: Bool) throws(YAMLParseError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        advance()
        let nameStart = mark.index
        while !Self.isBlankOrEnd(peek()) && !Self.isFlowIndicator(peek()) { advance() }
        guard mark.index > nameStart else {
            throw error("expected an \(alias ? "alias" : "anchor") name after '\(alias ? "*" : "&")'")
        }
        let name = String(decoding: bytes[nameStart..<mark.index], as: UTF8.self)
        append(alias ? .alias(name) : .anchor(name), from: start)
    }

    mutating func fetchTag() throws(YAMLParseError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        var handle = ""
        var suffix = ""
        if peek(1) == UInt8(ascii: "<") {
            advance()
            advance()
            suffix = try scanURI(allowsFlowIndicators: true, allowsExclamation: true)
            guard peek() == UInt8(ascii: ">") else {
                throw error("expected '>' to close the verbatim tag, found \(describeCurrent())")
            }
            advance()
        } else {
            handle = try scanTagHandle(directive: false)
            if handle.count > 1 && handle.hasSuffix("!") {
                suffix = try scanURI(allowsFlowIndicators: false, allowsExclamation: false)
            } else {
                // `!word` is the primary handle `!` with the suffix `word`.
                suffix = String(handle.dropFirst())
                handle = "!"
                suffix += try scanURI(allowsFlowIndicators: false, allowsExclamation: false)
            }
        }
        let after = peek()
        guard Self.isBlankOrEnd(after) || (flowLevel > 0 && after == UInt8(ascii: ",")) else {
            throw error("expected a space after the tag, found \(describeCurrent())")
        }
        append(.tag(handle: handle, suffix: suffix), from: start)
    }

    /// `!`, `!!`, or `!name!` (in a tag, also the `!name` start of a primary-handle tag).
    mutating func scanTagHandle(directive: Bool) throws(YAMLParseError) -> String {
        guard peek() == UInt8(ascii: "!") else {
            throw error("expected '!' to start a tag handle, found \(describeCurrent())")
        }
        var text = "!"
        advance()
        while Self.isWordCharacter(peek()) {
            text.append(Character(Unicode.Scalar(peek())))
            advance()
        }
        if peek() == UInt8(ascii: "!") {
            text.append("!")
            advance()
        } else if directive && text != "!" {
            throw error("expected '!' to end the tag handle \(text), found \(describeCurrent())")
        }
        return text
    }

    static func isWordCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
    }

    /// URI characters of a tag, with `%XX` escapes decoded.
    mutating func scanURI(allowsFlowIndicators: Bool, allowsExclamation: Bool) throws(YAMLParseError)
        -> String
    {
        var result: [UInt8] = []
        while true {
            let byte = peek()
            if byte == UInt8(ascii: "%") {
                guard let high = Self.hexValue(peek(1)), let low = Self.hexValue(peek(2)) else {
                    throw error("expected two hexadecimal digits after '%' in a tag")
                }
                result.append(UInt8(high * 16 + low))
                for _ in 0..<3 { advance() }
                continue
            }
            let allowed =
                Self.isWordCharacter(byte) || "#;/?:@&=+$_.~*'()".utf8.contains(byte)
                || (allowsExclamation && byte == UInt8(ascii: "!"))
                || (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]"))
                    && allowsFlowIndicators
                || (byte >= 0x80)
            guard allowed else { break }
            result.append(byte)
            advance()
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
