/// Plain scalars: text up to `: `, ` #`, a flow indicator in flow context, or a line indented no
/// deeper than the enclosing block; line breaks fold as YAML 1.2 says.
extension YAMLScanner {
    /// A plain scalar's text so far, and the blanks and breaks read since its last character.
    struct PlainFolding {
        var text: [UInt8] = []
        var whitespace: [UInt8] = []
        var leadingBreak = false
        var trailingBreaks = 0
        var leadingBlanks = false
        var tabInLeadingBlanks = false

        /// Appends a character of the text, after folding the blanks or breaks before it: one
        /// break becomes a space, more become that many line feeds less one.
        mutating func append(_ byte: UInt8) {
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
        }
    }

    mutating func fetchPlainScalar() throws(YAMLParseError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        var end = mark
        var folding = PlainFolding()
        let minimumIndent = indent + 1
        while true {
            if atDocumentMarker() || peek() == UInt8(ascii: "#") { break }
            scanPlainText(into: &folding, end: &end)
            let byte = peek()
            guard Self.isBlank(byte) || Self.isBreak(byte) else { break }
            try scanPlainBlanks(into: &folding, minimumIndent: minimumIndent)
            if flowLevel == 0 && mark.column < minimumIndent { break }
            if flowLevel > 0 && folding.leadingBlanks && underindented(mark.column) && !atEnd {
                throw underindentedError("a flow collection")
            }
        }
        tokens.append(
            YAMLToken(
                kind: .scalar(String(decoding: folding.text, as: UTF8.self), .plain), start: start, end: end))
        tabSinceToken = false
        if folding.leadingBlanks {
            simpleKeyAllowed = true
            lineHasContent = false
            tabInIndentation = folding.tabInLeadingBlanks
            crossedLineBreak = true
        } else {
            lineHasContent = true
            crossedLineBreak = false
        }
    }

    /// The scalar's characters up to a blank, a break, the end, or an indicator that ends it.
    private mutating func scanPlainText(into folding: inout PlainFolding, end: inout YAMLMark) {
        while !Self.isBlankOrEnd(peek()) {
            let byte = peek()
            if byte == UInt8(ascii: ":") {
                let next = peek(1)
                if Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next)) { break }
            }
            if flowLevel > 0 && Self.isFlowIndicator(byte) { break }
            folding.append(byte)
            advance()
            end = mark
        }
    }

    /// The blanks and line breaks after the text, kept for folding if more text follows.
    private mutating func scanPlainBlanks(into folding: inout PlainFolding, minimumIndent: Int)
        throws(YAMLParseError)
    {
        while Self.isBlank(peek()) || Self.isBreak(peek()) {
            if Self.isBlank(peek()) {
                if folding.leadingBlanks && peek() == 0x09 {
                    folding.tabInLeadingBlanks = true
                    if mark.column < minimumIndent && flowLevel == 0 && !restOfLineIsBlank() {
                        throw error("found a tab character where indentation is expected")
                    }
                }
                if !folding.leadingBlanks { folding.whitespace.append(peek()) }
                advance()
            } else {
                if !folding.leadingBlanks {
                    folding.whitespace.removeAll(keepingCapacity: true)
                    folding.leadingBreak = true
                    folding.leadingBlanks = true
                } else {
                    folding.trailingBreaks += 1
                }
                folding.tabInLeadingBlanks = false
                advance()
            }
        }
    }

    func restOfLineIsBlank() -> Bool {
        var probe = mark.index
        while probe < bytes.count && Self.isBlank(bytes[probe]) { probe += 1 }
        return probe >= bytes.count || Self.isBreak(bytes[probe])
    }
}
