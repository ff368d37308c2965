/// Builds YAML nodes from scanner tokens: documents, block and flow collections, properties.
///
/// Recursive descent over the token grammar; the depth is bounded like the JSON parser's so that
/// deeply nested input is an error rather than a stack overflow.
struct YAMLParser {
    static let coreTagPrefix = "tag:yaml.org,2002:"

    private let tokens: [YAMLToken]
    private var index = 0
    private let maximumDepth: Int
    private var depth = 0
    private var tagHandles: [String: String] = [:]

    init(tokens: [YAMLToken], maximumDepth: Int) {
        self.tokens = tokens
        self.maximumDepth = maximumDepth
    }

    static func documents(of tokens: [YAMLToken], maximumDepth: Int) throws(YAMLParseError)
        -> [YAMLDocumentNode]
    {
        var parser = YAMLParser(tokens: tokens, maximumDepth: maximumDepth)
        return try parser.parseStream()
    }

    private var token: YAMLToken { tokens[min(index, tokens.count - 1)] }
    private var kind: YAMLToken.Kind { token.kind }

    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func error(_ message: String, at mark: YAMLMark? = nil) -> YAMLParseError {
        YAMLParseError(.syntax(message), at: (mark ?? token.start).position)
    }

    // MARK: - Stream and documents

    private mutating func parseStream() throws(YAMLParseError) -> [YAMLDocumentNode] {
        guard case .streamStart = kind else { throw error("expected the start of the stream") }
        advance()
        var documents: [YAMLDocumentNode] = []
        // Whether a document may start without `---` (or a directive appear): at the start, and
        // after `...`.
        var bareAllowed = true
        while true {
            while case .documentEnd = kind {
                advance()
                bareAllowed = true
            }
            if case .streamEnd = kind { break }
            let sawDirective = try parseDirectives(bareAllowed: bareAllowed)
            documents.append(try parseDocument(afterDirective: sawDirective, bareAllowed: bareAllowed))
            switch kind {
            case .documentEnd:
                advance()
                bareAllowed = true
            case .documentStart, .streamEnd:
                bareAllowed = false
            default:
                throw error("expected the end of the document, found \(describe(kind))")
            }
        }
        return documents
    }

    /// The `%YAML` and `%TAG` directives before a document (resetting the tag handles); true when
    /// there was one.
    private mutating func parseDirectives(bareAllowed: Bool) throws(YAMLParseError) -> Bool {
        tagHandles = ["!": "!", "!!": Self.coreTagPrefix]
        var sawDirective = false
        var sawVersion = false
        var declared = Set<String>()
        while true {
            switch kind {
            case .versionDirective(let major, _):
                if !bareAllowed { throw error("a directive must follow '...' when a document precedes it") }
                if sawVersion { throw error("a document may have only one %YAML directive") }
                if major != 1 { throw error("unsupported YAML version \(major).x (expected 1.x)") }
                sawVersion = true
            case .tagDirective(let handle, let prefix):
                if !bareAllowed { throw error("a directive must follow '...' when a document precedes it") }
                if !declared.insert(handle).inserted {
                    throw error("the tag handle \(handle) is declared twice")
                }
                tagHandles[handle] = prefix
            case .reservedDirective:
                if !bareAllowed { throw error("a directive must follow '...' when a document precedes it") }
            default:
                return sawDirective
            }
            sawDirective = true
            advance()
        }
    }

    /// One document's root node, after its `---` (an empty node when nothing follows it) or bare.
    private mutating func parseDocument(afterDirective sawDirective: Bool, bareAllowed: Bool)
        throws(YAMLParseError) -> YAMLDocumentNode
    {
        let start = token.start
        guard case .documentStart = kind else {
            if sawDirective {
                throw error("expected '---' after the directives, found \(describe(kind))")
            }
            if !bareAllowed {
                throw error(
                    "expected '---' to start another document or the end of the stream, found \(describe(kind))"
                )
            }
            return YAMLDocumentNode(root: try parseNode(block: true, indentless: false), start: start)
        }
        let marker = token
        advance()
        switch kind {
        case .documentStart, .documentEnd, .streamEnd, .versionDirective, .tagDirective, .reservedDirective:
            return YAMLDocumentNode(root: .empty(at: marker.end), start: start)
        default:
            return YAMLDocumentNode(root: try parseNode(block: true, indentless: false), start: start)
        }
    }

    // MARK: - Nodes

    private mutating func parseNode(block: Bool, indentless: Bool) throws(YAMLParseError) -> YAMLNode {
        if case .alias(let name) = kind {
            let start = token.start
            advance()
            return YAMLNode(content: .alias(name), start: start)
        }
        var anchor: String?
        var tag: String?
        /// Where the last property ends: an empty node that has properties sits there.
        var propertiesEnd: YAMLMark?
        while true {
            if case .anchor(let name) = kind {
                if anchor != nil { throw error("a node may have only one anchor") }
                anchor = name
            } else if case .tag(let handle, let suffix) = kind {
                if tag != nil { throw error("a node may have only one tag") }
                tag = try resolveTag(handle: handle, suffix: suffix)
            } else {
                break
            }
            propertiesEnd = token.end
            advance()
            if case .alias = kind { throw error("an alias cannot have properties (an anchor or a tag)") }
        }
        let start = token.start
        switch kind {
        case .blockEntry where indentless:
            return try parseIndentlessSequence(tag: tag, anchor: anchor)
        case .scalar(let text, let style):
            advance()
            return YAMLNode(content: .scalar(text, style), tag: tag, anchor: anchor, start: start)
        case .flowSequenceStart:
            return try parseFlowSequence(tag: tag, anchor: anchor)
        case .flowMappingStart:
            return try parseFlowMapping(tag: tag, anchor: anchor)
        case .blockSequenceStart where block:
            return try parseBlockSequence(tag: tag, anchor: anchor)
        case .blockMappingStart where block:
            return try parseBlockMapping(tag: tag, anchor: anchor)
        default:
            if let propertiesEnd { return .empty(at: propertiesEnd, tag: tag, anchor: anchor) }
            throw error("expected a value (a scalar, a sequence or a mapping), found \(describe(kind))")
        }
    }

    private func resolveTag(handle: String, suffix: String) throws(YAMLParseError) -> String {
        if handle.isEmpty { return suffix }
        if handle == "!" && suffix.isEmpty { return "!" }
        guard let prefix = tagHandles[handle] else {
            throw YAMLParseError(.undefinedTagHandle(handle), at: token.start.position)
        }
        return prefix + suffix
    }

    private mutating func enter() throws(YAMLParseError) {
        depth += 1
        if depth > maximumDepth {
            throw YAMLParseError(.tooDeep(limit: maximumDepth), at: token.start.position)
        }
    }

    private mutating func parseBlockSequence(tag: String?, anchor: String?) throws(YAMLParseError) -> YAMLNode
    {
        try enter()
        let start = token.start
        advance()
        var items: [YAMLNode] = []
        while true {
            switch kind {
            case .blockEntry:
                let end = token.end
                advance()
                switch kind {
                case .blockEntry, .blockEnd: items.append(.empty(at: end))
                default: items.append(try parseNode(block: true, indentless: false))
                }
            case .blockEnd:
                advance()
                depth -= 1
                return YAMLNode(content: .sequence(items), tag: tag, anchor: anchor, start: start)
            default:
                throw error(
                    "expected a sequence entry ('- ') at the sequence's indentation, found \(describe(kind))")
            }
        }
    }

    private mutating func parseIndentlessSequence(tag: String?, anchor: String?) throws(YAMLParseError)
        -> YAMLNode
    {
        try enter()
        let start = token.start
        var items: [YAMLNode] = []
        while case .blockEntry = kind {
            let end = token.end
            advance()
            switch kind {
            case .blockEntry, .key, .value, .blockEnd: items.append(.empty(at: end))
            default: items.append(try parseNode(block: true, indentless: false))
            }
        }
        depth -= 1
        return YAMLNode(content: .sequence(items), tag: tag, anchor: anchor, start: start)
    }

    private mutating func parseBlockMapping(tag: String?, anchor: String?) throws(YAMLParseError) -> YAMLNode
    {
        try enter()
        let start = token.start
        advance()
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        while true {
            switch kind {
            case .key, .value:
                var key = YAMLNode.empty(at: token.start)
                if case .key = kind {
                    let end = token.end
                    advance()
                    switch kind {
                    case .key, .value, .blockEnd: key = .empty(at: end)
                    default: key = try parseNode(block: true, indentless: true)
                    }
                }
                var value = YAMLNode.empty(at: token.start)
                if case .value = kind {
                    let end = token.end
                    advance()
                    switch kind {
                    case .key, .value, .blockEnd: value = .empty(at: end)
                    default: value = try parseNode(block: true, indentless: true)
                    }
                }
                pairs.append((key, value))
            case .blockEnd:
                advance()
                depth -= 1
                return YAMLNode(content: .mapping(pairs), tag: tag, anchor: anchor, start: start)
            default:
                throw error("expected a mapping key at the mapping's indentation, found \(describe(kind))")
            }
        }
    }

    private mutating func parseFlowSequence(tag: String?, anchor: String?) throws(YAMLParseError) -> YAMLNode
    {
        try enter()
        let start = token.start
        advance()
        var items: [YAMLNode] = []
        var first = true
        while true {
            if case .flowSequenceEnd = kind { break }
            if !first {
                guard case .flowEntry = kind else {
                    throw error("expected ',' or ']' in a flow sequence, found \(describe(kind))")
                }
                advance()
                if case .flowSequenceEnd = kind { break }
            }
            first = false
            switch kind {
            case .key, .value:
                let pairStart = token.start
                var key = YAMLNode.empty(at: token.start)
                if case .key = kind {
                    let end = token.end
                    advance()
                    switch kind {
                    case .value, .flowEntry, .flowSequenceEnd: key = .empty(at: end)
                    default: key = try parseNode(block: false, indentless: false)
                    }
                }
                let value = try parseFlowValue(closing: .flowSequenceEnd)
                items.append(YAMLNode(content: .mapping([(key, value)]), start: pairStart))
            default:
                items.append(try parseNode(block: false, indentless: false))
            }
        }
        advance()
        depth -= 1
        return YAMLNode(content: .sequence(items), tag: tag, anchor: anchor, start: start)
    }

    private mutating func parseFlowValue(closing: YAMLToken.Kind) throws(YAMLParseError) -> YAMLNode {
        guard case .value = kind else { return .empty(at: token.start) }
        let end = token.end
        advance()
        if kind == closing { return .empty(at: end) }
        if case .flowEntry = kind { return .empty(at: end) }
        return try parseNode(block: false, indentless: false)
    }

    private mutating func parseFlowMapping(tag: String?, anchor: String?) throws(YAMLParseError) -> YAMLNode {
        try enter()
        let start = token.start
        advance()
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var first = true
        while true {
            if case .flowMappingEnd = kind { break }
            if !first {
                guard case .flowEntry = kind else {
                    throw error("expected ',' or '}' in a flow mapping, found \(describe(kind))")
                }
                advance()
                if case .flowMappingEnd = kind { break }
            }
            first = false
            var key = YAMLNode.empty(at: token.start)
            switch kind {
            case .key:
                let end = token.end
                advance()
                switch kind {
                case .value, .flowEntry, .flowMappingEnd: key = .empty(at: end)
                default: key = try parseNode(block: false, indentless: false)
                }
            case .value:
                break
            default:
                key = try parseNode(block: false, indentless: false)
            }
            let value = try parseFlowValue(closing: .flowMappingEnd)
            pairs.append((key, value))
        }
        advance()
        depth -= 1
        return YAMLNode(content: .mapping(pairs), tag: tag, anchor: anchor, start: start)
    }

    private func describe(_ kind: YAMLToken.Kind) -> String {
        switch kind {
        case .streamStart: return "the start of the stream"
        case .streamEnd: return "the end of input"
        case .versionDirective: return "a %YAML directive"
        case .tagDirective: return "a %TAG directive"
        case .reservedDirective: return "a directive"
        case .documentStart: return "'---'"
        case .documentEnd: return "'...'"
        case .blockSequenceStart: return "a block sequence"
        case .blockMappingStart: return "a block mapping"
        case .blockEnd: return "the end of a block (less indentation)"
        case .flowSequenceStart: return "'['"
        case .flowSequenceEnd: return "']'"
        case .flowMappingStart: return "'{'"
        case .flowMappingEnd: return "'}'"
        case .blockEntry: return "'-'"
        case .flowEntry: return "','"
        case .key: return "'?'"
        case .value: return "':'"
        case .alias(let name): return "alias *\(name)"
        case .anchor(let name): return "anchor &\(name)"
        case .tag(let handle, let suffix): return "tag \(handle)\(suffix)"
        case .scalar(let text, _):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "'\(shown)'"
        }
    }
}
