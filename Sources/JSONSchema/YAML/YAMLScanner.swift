/// Turns YAML text into tokens: indentation becomes explicit block start/end tokens and implicit
/// keys (`name: value`) get their `key` token inserted once the `:` proves them keys.
///
/// The token model is the one of the YAML reference parsers (libyaml, PyYAML), written here from the
/// YAML 1.2 specification, since Conform takes no dependencies. It works on UTF-8 bytes: every
/// indicator is ASCII, and columns count Unicode scalars so positions match what editors show.
struct YAMLScanner {
    struct SimpleKey {
        var possible = false
        var required = false
        var tokenNumber = 0
        var mark = YAMLMark(index: 0, line: 1, column: 0)
        /// The key's line is indented with a tab, which block structure cannot use.
        var tabIndented = false
    }

    let bytes: [UInt8]
    var mark = YAMLMark(index: 0, line: 1, column: 0)
    var tokens: [YAMLToken] = []
    var simpleKeyAllowed = true
    /// One possible implicit key per flow level (index 0 is the block context).
    var simpleKeys: [SimpleKey] = [SimpleKey()]
    /// Whether each open flow collection is a sequence (`[`) rather than a mapping.
    var flowIsSequence: [Bool] = []
    var indent = -1
    var indents: [Int] = []
    var flowLevel: Int { flowIsSequence.count }
    var streamEnded = false
    /// The previous token was a quoted scalar or a flow collection end: in flow context a `:` right
    /// after one is a value indicator even when not followed by a space (`{"a":1}`).
    var afterJSONLikeNode = false
    /// Nothing but spaces and tabs seen since the last line break (for tab-indentation errors).
    var lineHasContent = false
    var tabInIndentation = false
    /// Crossed a line break since the last token (flow lines must stay indented).
    var crossedLineBreak = false
    /// A tab was skipped since the last token, on the same line (`-\t- a` nests nothing).
    var tabSinceToken = false
    /// The token being fetched starts a line whose indentation holds a tab (block context).
    var tokenTabIndented = false

    /// Flow and block nesting beyond this is an error here already, before the parser's own
    /// check, so that the per-token work on the nesting stacks stays bounded.
    let maximumDepth: Int
    /// Continuation lines at the enclosing block's own indentation are accepted (see
    /// `JSONParser.Options.acceptsUnderindentedContinuations`).
    let acceptsUnderindented: Bool

    init(bytes: [UInt8], maximumDepth: Int = 512, acceptsUnderindented: Bool = false) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.acceptsUnderindented = acceptsUnderindented
    }

    /// Whether a continuation line starting at `column` is not indented enough for the block.
    func underindented(_ column: Int) -> Bool {
        acceptsUnderindented ? column < indent : column <= indent
    }

    /// The error for a continuation line of `what` that is not indented enough.
    func underindentedError(_ what: String) -> YAMLParseError {
        YAMLParseError(.underindentedContinuation(what: what, column: indent + 1), at: mark.position)
    }

    /// Scans the whole input.
    static func tokens(of bytes: [UInt8], maximumDepth: Int = 512, acceptsUnderindented: Bool = false)
        throws(YAMLParseError) -> [YAMLToken]
    {
        var scanner = YAMLScanner(
            bytes: bytes, maximumDepth: maximumDepth, acceptsUnderindented: acceptsUnderindented)
        try scanner.run()
        return scanner.tokens
    }

    mutating func run() throws(YAMLParseError) {
        tokens.reserveCapacity(bytes.count / 4)
        append(.streamStart, from: mark)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            mark.index = 3
        }
        while !streamEnded { try fetchNextToken() }
    }

    // MARK: - Characters

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let index = mark.index + offset
        return index < bytes.count ? bytes[index] : 0
    }

    var atEnd: Bool { mark.index >= bytes.count }

    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    /// A blank, a line break, or the end of input (the sentinel 0: NUL bytes are rejected up front).
    @inline(__always) static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Moves past one byte, or one line break (`\r\n` counts once).
    @inline(__always) mutating func advance() {
        let byte = bytes[mark.index]
        if byte == 0x0A || byte == 0x0D {
            mark.index += (byte == 0x0D && peek(1) == 0x0A) ? 2 : 1
            mark.line += 1
            mark.column = 0
            lineHasContent = false
            tabInIndentation = false
            crossedLineBreak = true
            tabSinceToken = false
        } else {
            mark.index += 1
            if byte & 0xC0 != 0x80 { mark.column += 1 }
        }
    }

    /// The spaces that start the current line, up to its first tab or content: only spaces indent.
    func leadingSpaces() -> Int {
        var start = mark.index
        while start > 0 && !Self.isBreak(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < mark.index && bytes[end] == 0x20 { end += 1 }
        return end - start
    }

    /// `---` or `...` at the start of a line, followed by a blank or the end.
    func atDocumentMarker() -> Bool {
        guard mark.column == 0 else { return false }
        let first = peek()
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return peek(1) == first && peek(2) == first && Self.isBlankOrEnd(peek(3))
    }

    func error(_ message: String, at mark: YAMLMark? = nil) -> YAMLParseError {
        YAMLParseError(.syntax(message), at: (mark ?? self.mark).position)
    }

    /// The character at the current position, quoted for a message.
    func describeCurrent() -> String {
        if atEnd { return "the end of input" }
        let byte = peek()
        switch byte {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x20: return "a space"
        default:
            var end = mark.index + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[mark.index..<end], as: UTF8.self))'"
        }
    }

    mutating func append(_ kind: YAMLToken.Kind, from start: YAMLMark) {
        tokens.append(YAMLToken(kind: kind, start: start, end: mark))
        lineHasContent = true
        crossedLineBreak = false
        tabSinceToken = false
    }

    // MARK: - Token dispatch

    mutating func fetchNextToken() throws(YAMLParseError) {
        try scanToNextToken()
        try staleSimpleKeys()
        tokenTabIndented = flowLevel == 0 && !lineHasContent && tabInIndentation
        let indented = !underindented(mark.column) && (!tabInIndentation || !underindented(leadingSpaces()))
        if flowLevel > 0 && crossedLineBreak && !atEnd && !indented {
            throw underindentedError("a flow collection")
        }
        unrollIndent(mark.column)
        if atEnd { return try fetchStreamEnd() }
        let byte = peek()
        if mark.column == 0 {
            if byte == UInt8(ascii: "%") { return try fetchDirective() }
            if atDocumentMarker() {
                return try fetchDocumentIndicator(byte == UInt8(ascii: "-") ? .documentStart : .documentEnd)
            }
        }
        let next = peek(1)
        let jsonLike = afterJSONLikeNode
        afterJSONLikeNode = false
        switch byte {
        case UInt8(ascii: "["): return try fetchFlowCollectionStart(sequence: true)
        case UInt8(ascii: "{"): return try fetchFlowCollectionStart(sequence: false)
        case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(sequence: true)
        case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(sequence: false)
        case UInt8(ascii: ","): return try fetchFlowEntry()
        case UInt8(ascii: "-") where Self.isBlankOrEnd(next): return try fetchBlockEntry()
        case UInt8(ascii: "?") where Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next)):
            return try fetchKey()
        case UInt8(ascii: ":")
        where Self.isBlankOrEnd(next) || (flowLevel > 0 && (Self.isFlowIndicator(next) || jsonLike)):
            return try fetchValue()
        case UInt8(ascii: "*"): return try fetchAnchor(alias: true)
        case UInt8(ascii: "&"): return try fetchAnchor(alias: false)
        case UInt8(ascii: "!"): return try fetchTag()
        case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(literal: true)
        case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(literal: false)
        case UInt8(ascii: "'"): return try fetchFlowScalar(single: true)
        case UInt8(ascii: "\""): return try fetchFlowScalar(single: false)
        default: break
        }
        if canStartPlainScalar(byte, next: next) { return try fetchPlainScalar() }
        throw error("found \(describeCurrent()), which cannot start any YAML token")
    }

    func canStartPlainScalar(_ byte: UInt8, next: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return !Self.isBlankOrEnd(next) && !(flowLevel > 0 && Self.isFlowIndicator(next))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            return !Self.isBlankOrEnd(byte)
        }
    }

    /// Skips spaces, comments and line breaks; tabs only where they cannot be indentation.
    mutating func scanToNextToken() throws(YAMLParseError) {
        while true {
            while true {
                let byte = peek()
                if byte == 0x20 {
                    advance()
                } else if byte == 0x09 {
                    if !lineHasContent { tabInIndentation = true }
                    tabSinceToken = true
                    advance()
                } else {
                    break
                }
            }
            if peek() == UInt8(ascii: "#") {
                if mark.index > 0 {
                    let previous = bytes[mark.index - 1]
                    if !Self.isBlankOrEnd(previous) && !(mark.index == 3 && previous == 0xBF) {
                        throw error("a comment must be separated from the content before it by a space")
                    }
                }
                while !Self.isBreak(peek()) && !atEnd { advance() }
            }
            if Self.isBreak(peek()) {
                advance()
                if flowLevel == 0 { simpleKeyAllowed = true }
                continue
            }
            break
        }
    }
}
