/// Single- and double-quoted scalars: `''` and backslash escapes, and line breaks folded as YAML
/// 1.2 says (an escaped break joins the lines).
extension YAMLScanner {
    /// Where a quoted scalar's current line stands.
    struct QuotedLine {
        /// Blanks or breaks are pending (a break was read, or escaped).
        var leadingBlanks = false
        /// The spaces that indent the current line, counted while `inIndentation`.
        var indent = 0
        var inIndentation = false
    }

    mutating func fetchFlowScalar(single: Bool) throws(YAMLParseError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        advance()
        var text: [UInt8] = []
        while true {
            if atDocumentMarker() {
                throw error("document marker inside a quoted scalar (expected the closing quote first)")
            }
            if atEnd {
                throw error(
                    "unexpected end of input inside a quoted scalar (expected the closing quote)", at: start)
            }
            var line = QuotedLine()
            try scanQuotedText(into: &text, quote: quote, line: &line)
            if atEnd {
                throw error(
                    "unexpected end of input inside a quoted scalar (expected the closing quote)", at: start)
            }
            if peek() == quote { break }
            try foldQuotedBreaks(into: &text, line: &line)
        }
        advance()
        append(
            .scalar(String(decoding: text, as: UTF8.self), single ? .singleQuoted : .doubleQuoted),
            from: start)
        afterJSONLikeNode = true
    }

    /// The characters up to a blank, a break, the closing quote or an escaped line break.
    private mutating func scanQuotedText(into text: inout [UInt8], quote: UInt8, line: inout QuotedLine)
        throws(YAMLParseError)
    {
        let single = quote == UInt8(ascii: "'")
        while !Self.isBlankOrEnd(peek()) {
            let byte = peek()
            if single && byte == quote && peek(1) == quote {
                text.append(quote)
                advance()
                advance()
            } else if byte == quote {
                break
            } else if !single && byte == UInt8(ascii: "\\") && Self.isBreak(peek(1)) {
                advance()
                advance()
                line.leadingBlanks = true
                line.inIndentation = true
                break
            } else if !single && byte == UInt8(ascii: "\\") {
                try scanEscape(into: &text)
            } else {
                text.append(byte)
                advance()
            }
        }
    }

    /// The blanks and line breaks inside the scalar, folded into `text`: one break becomes a
    /// space, more become that many line feeds less one; blanks before a break are dropped.
    private mutating func foldQuotedBreaks(into text: inout [UInt8], line: inout QuotedLine)
        throws(YAMLParseError)
    {
        var whitespace: [UInt8] = []
        var leadingBreak = false
        var trailingBreaks = 0
        while Self.isBlank(peek()) || Self.isBreak(peek()) {
            if Self.isBlank(peek()) {
                if !line.leadingBlanks { whitespace.append(peek()) }
                if peek() == 0x20 && line.inIndentation {
                    line.indent += 1
                } else {
                    line.inIndentation = false
                }
                advance()
            } else {
                if !line.leadingBlanks {
                    whitespace.removeAll()
                    leadingBreak = true
                    line.leadingBlanks = true
                } else {
                    trailingBreaks += 1
                }
                advance()
                line.indent = 0
                line.inIndentation = true
            }
        }
        if line.leadingBlanks && !atEnd && underindented(line.indent) && !atDocumentMarker() {
            throw underindentedError("a quoted scalar")
        }
        if line.leadingBlanks {
            if leadingBreak && trailingBreaks == 0 {
                text.append(0x20)
            } else {
                text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks))
            }
        } else {
            text.append(contentsOf: whitespace)
        }
    }

    /// A backslash escape of a double-quoted scalar, appended to `text` as UTF-8.
    mutating func scanEscape(into text: inout [UInt8]) throws(YAMLParseError) {
        let start = mark
        advance()
        let code = peek()
        var digits = 0
        switch code {
        case UInt8(ascii: "0"): text.append(0)
        case UInt8(ascii: "a"): text.append(0x07)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"), 0x09: text.append(0x09)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "v"): text.append(0x0B)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "e"): text.append(0x1B)
        case 0x20, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): text.append(code)
        case UInt8(ascii: "N"): text.append(contentsOf: [0xC2, 0x85])
        case UInt8(ascii: "_"): text.append(contentsOf: [0xC2, 0xA0])
        case UInt8(ascii: "L"): text.append(contentsOf: [0xE2, 0x80, 0xA8])
        case UInt8(ascii: "P"): text.append(contentsOf: [0xE2, 0x80, 0xA9])
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default:
            throw error(
                "invalid escape sequence \\\(atEnd ? "" : describeCurrent()) in a double-quoted scalar",
                at: start)
        }
        advance()
        guard digits > 0 else { return }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = Self.hexValue(peek()) else {
                throw error("expected \(digits) hexadecimal digits in the escape sequence", at: start)
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "escape sequence names no Unicode character (a surrogate or beyond U+10FFFF)", at: start)
        }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
