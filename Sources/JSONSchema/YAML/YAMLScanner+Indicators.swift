/// The indicator tokens: stream end, document markers, flow collections and entries, block
/// entries, and the explicit and implicit key and value indicators.
extension YAMLScanner {
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
            if lineHasContent && tabSinceToken {
                throw error(
                    "found a tab character before a sequence entry on the same line; YAML indents nested collections with spaces only"
                )
            }
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
}
