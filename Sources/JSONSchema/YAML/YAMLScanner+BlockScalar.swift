/// Block scalars, literal (`|`) and folded (`>`): the header's chomping and indentation
/// indicators, the content's indentation (given or detected from the first non-empty line), and
/// the lines, folded or kept, then chomped.
extension YAMLScanner {
    /// A block scalar header's indicators.
    struct BlockHeader {
        /// `-` strips the final line breaks (-1), `+` keeps them all (1), neither clips to one (0).
        var chomping = 0
        /// The explicit indentation indicator, or 0 to detect it.
        var increment = 0
    }

    mutating func fetchBlockScalar(literal: Bool) throws(YAMLParseError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        let header = try scanBlockHeader()
        var trailingBreaks = 0
        let blockIndent = try blockIndentation(header, trailingBreaks: &trailingBreaks)
        var text: [UInt8] = []
        let endsWithBreak = try scanBlockLines(
            literal: literal, indent: blockIndent, into: &text, trailingBreaks: &trailingBreaks)
        if header.chomping != -1 && endsWithBreak { text.append(0x0A) }
        if header.chomping == 1 { text.append(contentsOf: repeatElement(0x0A, count: trailingBreaks)) }
        let style: YAMLScalarStyle = literal ? .literal : .folded
        tokens.append(
            YAMLToken(kind: .scalar(String(decoding: text, as: UTF8.self), style), start: start, end: mark))
        lineHasContent = false
        tabInIndentation = false
        crossedLineBreak = true
    }

    /// The indicators after `|` or `>`, an optional comment, and the line break that ends them.
    private mutating func scanBlockHeader() throws(YAMLParseError) -> BlockHeader {
        var header = BlockHeader()
        for _ in 0..<2 {
            let byte = peek()
            if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && header.chomping == 0 {
                header.chomping = byte == UInt8(ascii: "+") ? 1 : -1
                advance()
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") && header.increment == 0 {
                guard byte != UInt8(ascii: "0") else {
                    throw error("a block scalar indentation indicator must be 1 to 9, found 0")
                }
                header.increment = Int(byte - UInt8(ascii: "0"))
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
        return header
    }

    /// The content's indentation: the header's indicator over the enclosing block's, or that of
    /// the first non-empty line (read up to it, counting the empty lines before it).
    private mutating func blockIndentation(_ header: BlockHeader, trailingBreaks: inout Int)
        throws(YAMLParseError) -> Int
    {
        let minimum = max(indent + 1, 0)
        if header.increment > 0 {
            let blockIndent = indent < 0 ? header.increment - 1 : max(indent, 0) + header.increment
            try scanBlockBreaks(indent: blockIndent, count: &trailingBreaks)
            return blockIndent
        }
        var longestEmpty = 0
        var longestEmptyMark = mark
        while true {
            let lineStart = mark.index
            while peek() == 0x20 { advance() }
            if peek() == 0x09 && mark.column < minimum {
                // Not an empty line (only spaces may indent one), and not content either.
                throw error("found a tab character where a block scalar expects indentation spaces")
            }
            if atEnd && mark.index > lineStart { trailingBreaks += 1 }
            guard Self.isBreak(peek()) else { break }
            if mark.column > longestEmpty {
                longestEmpty = mark.column
                longestEmptyMark = mark
            }
            trailingBreaks += 1
            advance()
        }
        // A content line indented less belongs to the parent: nothing to read.
        if atEnd || atDocumentMarker() || mark.column < minimum { return max(minimum, longestEmpty) }
        if longestEmpty > mark.column {
            throw error(
                "a leading empty line of a block scalar has more spaces than its first content line",
                at: longestEmptyMark)
        }
        return mark.column
    }

    /// The content lines at `blockIndent`, kept (literal) or folded (a single break between two
    /// lines that do not start with a blank becomes a space); true when the last line ended with
    /// a break, which chomping then keeps or strips.
    private mutating func scanBlockLines(
        literal: Bool, indent blockIndent: Int, into text: inout [UInt8], trailingBreaks: inout Int
    ) throws(YAMLParseError) -> Bool {
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
                return bytes[lineStart..<mark.index].allSatisfy(Self.isBlank)
            }
            advance()
            leadingBreak = true
            try scanBlockBreaks(indent: blockIndent, count: &trailingBreaks)
        }
        return leadingBreak
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
