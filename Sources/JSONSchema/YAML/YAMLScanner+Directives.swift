/// The `%YAML` and `%TAG` directives before a document.
extension YAMLScanner {
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
