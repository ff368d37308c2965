/// A node of a YAML document before it becomes a `JSONValue`: the representation graph with
/// aliases still unresolved, so the constructor can count what they expand to.
struct YAMLNode: Sendable {
    indirect enum Content: Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case alias(String)
    }

    var content: Content
    /// The resolved tag (`tag:yaml.org,2002:int`, `!local`, or `!` for the non-specific tag).
    var tag: String?
    var anchor: String?
    var start: YAMLMark

    static func empty(at mark: YAMLMark, tag: String? = nil, anchor: String? = nil) -> YAMLNode {
        YAMLNode(content: .scalar("", .plain), tag: tag, anchor: anchor, start: mark)
    }
}

/// One document of a stream: its root node and where it starts.
struct YAMLDocumentNode: Sendable {
    var root: YAMLNode
    var start: YAMLMark
}
