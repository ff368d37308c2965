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
    /// The token being fetched starts a line whose indentation holds a tab (block context).
    var tokenTabIndented = false

    /// Flow and block nesting beyond this is an error here already, before the parser's own
    /// check, so that the per-token work on the nesting stacks stays bounded.
    let maximumDepth: Int

    init(bytes: [UInt8], maximumDepth: Int = 512) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Scans the whole input.
    static func tokens(of bytes: [UInt8], maximumDepth: Int = 512) throws(YAMLParseError) -> [YAMLToken] {
        var scanner = YAMLScanner(bytes: bytes, maximumDepth: maximumDepth)
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
        } else {
            mark.index += 1
            if byte & 0xC0 != 0x80 { mark.column += 1 }
        }
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
    }

    // MARK: - Token dispatch

    mutating func fetchNextToken() throws(YAMLParseError) {
        try scanToNextToken()
        try staleSimpleKeys()
        tokenTabIndented = flowLevel == 0 && !lineHasContent && tabInIndentation
        if flowLevel > 0 && crossedLineBreak && !atEnd && mark.column <= indent {
            throw error(
                "a flow collection continued on a new line must be indented more than the enclosing block (column \(indent + 1))"
            )
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

    // MARK: - Implicit keys and indentation

    mutating func staleSimpleKeys() throws(YAMLParseError) {
        for level in simpleKeys.indices where simpleKeys[level].possible {
            let key = simpleKeys[level]
            let multiLineAllowed = level > 0 && !flowIsSequence[level - 1]
            let stale =
                (key.mark.line != mark.line && !multiLineAllowed)
                || (level == 0 && mark.index - key.mark.index > 1024)
            if stale {
                if key.required {
                    throw error(
                        "expected ':' after the implicit mapping key that starts here (an implicit key must fit on one line)",
                        at: key.mark)
                }
                simpleKeys[level].possible = false
            }
        }
    }

    mutating func saveSimpleKey() throws(YAMLParseError) {
        let required = flowLevel == 0 && indent == mark.column
        guard simpleKeyAllowed else { return }
        try removeSimpleKey()
        simpleKeys[simpleKeys.count - 1] = SimpleKey(
            possible: true, required: required, tokenNumber: tokens.count, mark: mark,
            tabIndented: tokenTabIndented)
    }

    mutating func removeSimpleKey() throws(YAMLParseError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible && key.required {
            throw error("expected ':' after the implicit mapping key that starts here", at: key.mark)
        }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    mutating func rollIndent(_ column: Int, at tokenNumber: Int?, _ kind: YAMLToken.Kind, _ start: YAMLMark)
        throws(YAMLParseError)
    {
        guard flowLevel == 0, indent < column else { return }
        if indents.count >= maximumDepth {
            throw YAMLParseError(.tooDeep(limit: maximumDepth), at: start.position)
        }
        indents.append(indent)
        indent = column
        let token = YAMLToken(kind: kind, start: start, end: start)
        if let tokenNumber { tokens.insert(token, at: tokenNumber) } else { tokens.append(token) }
    }

    mutating func unrollIndent(_ column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            tokens.append(YAMLToken(kind: .blockEnd, start: mark, end: mark))
            indent = indents.popLast() ?? -1
        }
    }

    // MARK: - Indicators

    mutating func fetchStreamEnd() throws(YAMLParseError) {
        if flowLevel > 0 {
            throw error("unexpected end of input inside a flow collection (expected ']' or '}')")
        }
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        append(.streamEnd, from: mark)
        streamEnded = true
    }

    mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLParseError) {
        if flowLevel > 0 {
            throw error("document marker inside a flow collection (expected ']' or '}' first)")
        }
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        for _ in 0..<3 { advance() }
        append(kind, from: start)
        if kind == .documentEnd {
            while Self.isBlank(peek()) { advance() }
            guard Self.isBreak(peek()) || atEnd || peek() == UInt8(ascii: "#") else {
                throw error(
                    "expected a comment or the end of the line after '...', found \(describeCurrent())")
            }
        }
    }

    mutating func fetchFlowCollectionStart(sequence: Bool) throws(YAMLParseError) {
        try saveSimpleKey()
        if flowLevel + indents.count >= maximumDepth {
            throw YAMLParseError(.tooDeep(limit: maximumDepth), at: mark.position)
        }
        flowIsSequence.append(sequence)
        simpleKeys.append(SimpleKey())
        simpleKeyAllowed = true
        let start = mark
        advance()
        append(sequence ? .flowSequenceStart : .flowMappingStart, from: start)
    }

    mutating func fetchFlowCollectionEnd(sequence: Bool) throws(YAMLParseError) {
        guard flowLevel > 0 else {
            throw error("found \(describeCurrent()) with no open flow collection to close")
        }
        try removeSimpleKey()
        flowIsSequence.removeLast()
        simpleKeys.removeLast()
        simpleKeyAllowed = false
        let start = mark
        advance()
        append(sequence ? .flowSequenceEnd : .flowMappingEnd, from: start)
        afterJSONLikeNode = true
    }

    mutating func fetchFlowEntry() throws(YAMLParseError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        append(.flowEntry, from: start)
    }

    mutating func fetchBlockEntry() throws(YAMLParseError) {
        if tokenTabIndented {
            throw error(
                "found a tab character in the indentation of a sequence entry; YAML indents with spaces only")
        }
        if flowLevel == 0 {
            guard simpleKeyAllowed else {
                throw error("a block sequence entry ('- ') is not allowed here; start it on its own line")
            }
            try rollIndent(mark.column, at: nil, .blockSequenceStart, mark)
        } else {
            throw error("a block sequence entry ('- ') is not allowed inside a flow collection")
        }
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        advance()
        append(.blockEntry, from: start)
    }

    mutating func fetchKey() throws(YAMLParseError) {
        if tokenTabIndented {
            throw error(
                "found a tab character in the indentation of a mapping key; YAML indents with spaces only")
        }
        if flowLevel == 0 {
            guard simpleKeyAllowed else { throw error("a mapping key ('? ') is not allowed here") }
            try rollIndent(mark.column, at: nil, .blockMappingStart, mark)
        }
        try removeSimpleKey()
        simpleKeyAllowed = flowLevel == 0
        let start = mark
        advance()
        append(.key, from: start)
    }

    mutating func fetchValue() throws(YAMLParseError) {
        let level = simpleKeys.count - 1
        let key = simpleKeys[level]
        if key.possible {
            if key.tabIndented && flowLevel == 0 {
                throw error(
                    "found a tab character in the indentation of a mapping key; YAML indents with spaces only",
                    at: key.mark)
            }
            tokens.insert(YAMLToken(kind: .key, start: key.mark, end: key.mark), at: key.tokenNumber)
            try rollIndent(key.mark.column, at: key.tokenNumber, .blockMappingStart, key.mark)
            simpleKeys[level].possible = false
            simpleKeyAllowed = false
        } else {
            if flowLevel == 0 {
                guard simpleKeyAllowed else {
                    throw error(
                        "a mapping value (': ') is not allowed here; is a key missing, or does a plain value contain ': '? (quote it)"
                    )
                }
                try rollIndent(mark.column, at: nil, .blockMappingStart, mark)
            }
            simpleKeyAllowed = flowLevel == 0
        }
        let start = mark
        advance()
        append(.value, from: start)
    }

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

    // MARK: - Directives

    mutating func fetchDirective() throws(YAMLParseError) {
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        advance()
        let nameStart = mark.index
        while !Self.isBlankOrEnd(peek()) { advance() }
        let name = String(decoding: bytes[nameStart..<mark.index], as: UTF8.self)
        let kind: YAMLToken.Kind
        switch name {
        case "YAML":
            try skipSeparatingBlanks(after: "%YAML")
            let major = try scanVersionNumber()
            guard peek() == UInt8(ascii: ".") else {
                throw error("expected '.' in the %YAML version, found \(describeCurrent())")
            }
            advance()
            let minor = try scanVersionNumber()
            kind = .versionDirective(major: major, minor: minor)
        case "TAG":
            try skipSeparatingBlanks(after: "%TAG")
            let handle = try scanTagHandle(directive: true)
            try skipSeparatingBlanks(after: "the tag handle")
            let prefix = try scanURI(allowsFlowIndicators: true, allowsExclamation: true)
            guard !prefix.isEmpty else { throw error("expected a tag prefix after the %TAG handle") }
            kind = .tagDirective(handle: handle, prefix: prefix)
        default:
            while !Self.isBreak(peek()) && !atEnd { advance() }
            kind = .reservedDirective
        }
        guard Self.isBlankOrEnd(peek()) else {
            throw error("expected the end of the %\(name) directive, found \(describeCurrent())")
        }
        while Self.isBlank(peek()) { advance() }
        if peek() == UInt8(ascii: "#") {
            while !Self.isBreak(peek()) && !atEnd { advance() }
        }
        guard Self.isBreak(peek()) || atEnd else {
            throw error("expected the end of the %\(name) directive, found \(describeCurrent())")
        }
        append(kind, from: start)
    }

    mutating func skipSeparatingBlanks(after what: String) throws(YAMLParseError) {
        guard Self.isBlank(peek()) else {
            throw error("expected a space after \(what), found \(describeCurrent())")
        }
        while Self.isBlank(peek()) { advance() }
    }

    mutating func scanVersionNumber() throws(YAMLParseError) -> Int {
        var value = 0
        var digits = 0
        while peek() >= UInt8(ascii: "0") && peek() <= UInt8(ascii: "9") {
            value = min(value * 10 + Int(peek() - UInt8(ascii: "0")), 1_000_000)
            digits += 1
            advance()
        }
        guard digits > 0 else { throw error("expected a version number, found \(describeCurrent())") }
        return value
    }
}
