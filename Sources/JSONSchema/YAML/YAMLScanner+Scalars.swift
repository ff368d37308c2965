/// The four scalar scanners: plain, quoted (single and double) and block (literal and folded),
/// each folding line breaks as YAML 1.2 says.
extension YAMLScanner {
    // MARK: - Plain

    mutating func fetchPlainScalar() throws(YAMLParseError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        var end = mark
        var text: [UInt8] = []
        var leadingBreak = false
        var trailingBreaks = 0
        var whitespace: [UInt8] = []
        var leadingBlanks = false
        var tabInLeadingBlanks = false
        let minimumIndent = indent + 1
        while true {
            if atDocumentMarker() || peek() == UInt8(ascii: "#") { break }
            while !Self.isBlankOrEnd(peek()) {
                let byte = peek()
                if byte == UInt8(ascii: ":") {
                    let next = peek(1)
                    if Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next)) { break }
                }
                if flowLevel > 0 && Self.isFlowIndicator(byte) { break }
                if leadingBlanks {
                    if leadingBreak && trailingBreaks == 0 {
                        text.append(0x20)
                    } else {
                        text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks))
                    }
                    leadingBreak = false
                    trailingBreaks = 0
                    leadingBlanks = false
                } else if !whitespace.isEmpty {
                    text.append(contentsOf: whitespace)
                    whitespace.removeAll(keepingCapacity: true)
                }
                text.append(byte)
                advance()
                end = mark
            }
            let byte = peek()
            guard Self.isBlank(byte) || Self.isBreak(byte) else { break }
            while Self.isBlank(peek()) || Self.isBreak(peek()) {
                if Self.isBlank(peek()) {
                    if leadingBlanks && peek() == 0x09 {
                        tabInLeadingBlanks = true
                        if mark.column < minimumIndent && flowLevel == 0 && !restOfLineIsBlank() {
                            throw error("found a tab character where indentation is expected")
                        }
                    }
                    if !leadingBlanks { whitespace.append(peek()) }
                    advance()
                } else {
                    if !leadingBlanks {
                        whitespace.removeAll(keepingCapacity: true)
                        leadingBreak = true
                        leadingBlanks = true
                    } else {
                        trailingBreaks += 1
                    }
                    tabInLeadingBlanks = false
                    advance()
                }
            }
            if flowLevel == 0 && mark.column < minimumIndent { break }
            if flowLevel > 0 && leadingBlanks && mark.column <= indent && !atEnd {
                throw error(
                    "a flow collection continued on a new line must be indented more than the enclosing block (column \(indent + 1))"
                )
            }
        }
        tokens.append(
            YAMLToken(kind: .scalar(String(decoding: text, as: UTF8.self), .plain), start: start, end: end))
        if leadingBlanks {
            simpleKeyAllowed = true
            lineHasContent = false
            tabInIndentation = tabInLeadingBlanks
            crossedLineBreak = true
        } else {
            lineHasContent = true
            crossedLineBreak = false
        }
    }

    func restOfLineIsBlank() -> Bool {
        var probe = mark.index
        while probe < bytes.count && Self.isBlank(bytes[probe]) { probe += 1 }
        return probe >= bytes.count || Self.isBreak(bytes[probe])
    }

    // MARK: - Quoted

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
            var leadingBlanks = false
            var lineIndent = 0
            var inIndentation = false
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
                    leadingBlanks = true
                    inIndentation = true
                    break
                } else if !single && byte == UInt8(ascii: "\\") {
                    try scanEscape(into: &text)
                } else {
                    text.append(byte)
                    advance()
                }
            }
            if atEnd {
                throw error(
                    "unexpected end of input inside a quoted scalar (expected the closing quote)", at: start)
            }
            if peek() == quote { break }
            var whitespace: [UInt8] = []
            var leadingBreak = false
            var trailingBreaks = 0
            while Self.isBlank(peek()) || Self.isBreak(peek()) {
                if Self.isBlank(peek()) {
                    if !leadingBlanks { whitespace.append(peek()) }
                    if peek() == 0x20 && inIndentation { lineIndent += 1 } else { inIndentation = false }
                    advance()
                } else {
                    if !leadingBlanks {
                        whitespace.removeAll()
                        leadingBreak = true
                        leadingBlanks = true
                    } else {
                        trailingBreaks += 1
                    }
                    advance()
                    lineIndent = 0
                    inIndentation = true
                }
            }
            if leadingBlanks && !atEnd && lineIndent <= indent && !atDocumentMarker() {
                throw error(
                    "a quoted scalar continued on a new line must be indented more than the enclosing block (column \(indent + 1))"
                )
            }
            if leadingBlanks {
                if leadingBreak && trailingBreaks == 0 {
                    text.append(0x20)
                } else {
                    text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks))
                }
            } else {
                text.append(contentsOf: whitespace)
            }
        }
        advance()
        append(
            .scalar(String(decoding: text, as: UTF8.self), single ? .singleQuoted : .doubleQuoted),
            from: start)
        afterJSONLikeNode = true
    }

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

    // MARK: - Block

    mutating func fetchBlockScalar(literal: Bool) throws(YAMLParseError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        var chomping = 0
        var increment = 0
        for _ in 0..<2 {
            let byte = peek()
            if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && chomping == 0 {
                chomping = byte == UInt8(ascii: "+") ? 1 : -1
                advance()
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") && increment == 0 {
                guard byte != UInt8(ascii: "0") else {
                    throw error("a block scalar indentation indicator must be 1 to 9, found 0")
                }
                increment = Int(byte - UInt8(ascii: "0"))
                advance()
            }
        }
        while Self.isBlank(peek()) { advance() }
        if peek() == UInt8(ascii: "#") {
            if !Self.isBlank(bytes[mark.index - 1]) {
                throw error("a comment must be separated from the block scalar header by a space")
            }
            while !Self.isBreak(peek()) && !atEnd { advance() }
        }
        guard Self.isBreak(peek()) || atEnd else {
            throw error(
                "expected a line break after the block scalar header ('|', '>', chomping and indentation indicators), found \(describeCurrent())"
            )
        }
        if !atEnd { advance() }
        let minimum = max(indent + 1, 0)
        var blockIndent = increment > 0 ? max(indent, 0) + increment : 0
        if increment > 0 && indent < 0 { blockIndent = increment - 1 }
        var text: [UInt8] = []
        var trailingBreaks = 0
        if increment == 0 {
            var longestEmpty = 0
            var longestEmptyMark = mark
            while true {
                let lineStart = mark.index
                while peek() == 0x20 { advance() }
                if atEnd && mark.index > lineStart { trailingBreaks += 1 }
                if Self.isBreak(peek()) {
                    if mark.column > longestEmpty {
                        longestEmpty = mark.column
                        longestEmptyMark = mark
                    }
                    trailingBreaks += 1
                    advance()
                    continue
                }
                break
            }
            if atEnd || atDocumentMarker() || mark.column < minimum {
                blockIndent = max(minimum, longestEmpty)
                if !atEnd && mark.column > 0 && mark.column < minimum {
                    // The content line belongs to the parent; nothing to read.
                }
            } else {
                blockIndent = mark.column
                if longestEmpty > blockIndent {
                    throw error(
                        "a leading empty line of a block scalar has more spaces than its first content line",
                        at: longestEmptyMark)
                }
            }
        } else {
            try scanBlockBreaks(indent: blockIndent, count: &trailingBreaks)
        }
        var leadingBreak = false
        var leadingBlank = false
        while mark.column == blockIndent && !atEnd && !atDocumentMarker() {
            let trailingBlank = Self.isBlank(peek())
            if !literal && leadingBreak && !leadingBlank && !trailingBlank {
                if trailingBreaks == 0 { text.append(0x20) }
            } else if leadingBreak {
                text.append(0x0A)
            }
            leadingBreak = false
            text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks))
            trailingBreaks = 0
            leadingBlank = Self.isBlank(peek())
            let lineStart = mark.index
            while !Self.isBreak(peek()) && !atEnd { mark.index += 1 }
            text.append(contentsOf: bytes[lineStart..<mark.index])
            if atEnd {
                // A last line of only spaces ends as if a line break followed it.
                leadingBreak = bytes[lineStart..<mark.index].allSatisfy(Self.isBlank)
                break
            }
            advance()
            leadingBreak = true
            try scanBlockBreaks(indent: blockIndent, count: &trailingBreaks)
        }
        if chomping != -1 && leadingBreak { text.append(0x0A) }
        if chomping == 1 { text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks)) }
        let style: YAMLScalarStyle = literal ? .literal : .folded
        tokens.append(
            YAMLToken(kind: .scalar(String(decoding: text, as: UTF8.self), style), start: start, end: mark))
        lineHasContent = false
        tabInIndentation = false
        crossedLineBreak = true
    }

    /// Skips indentation and empty lines inside a block scalar, counting the line breaks.
    mutating func scanBlockBreaks(indent blockIndent: Int, count: inout Int) throws(YAMLParseError) {
        while true {
            let lineStart = mark.index
            while mark.column < blockIndent && peek() == 0x20 { advance() }
            if mark.column < blockIndent && peek() == 0x09 {
                var probe = mark.index
                while probe < bytes.count && Self.isBlank(bytes[probe]) { probe += 1 }
                if probe < bytes.count && !Self.isBreak(bytes[probe]) {
                    throw error("found a tab character where a block scalar expects indentation spaces")
                }
                while Self.isBlank(peek()) { advance() }
            }
            if atEnd && mark.index > lineStart { count += 1 }
            guard Self.isBreak(peek()) else { return }
            count += 1
            advance()
        }
    }
}
