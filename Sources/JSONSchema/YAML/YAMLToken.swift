/// A place in YAML text while scanning: byte offset, 1-based line, 0-based column in Unicode scalars
/// (the column drives indentation, so it starts at 0 as YAML's indentation does).
struct YAMLMark: Sendable, Equatable {
    var index: Int
    var line: Int
    var column: Int

    var position: SourcePosition { SourcePosition(line: line, column: column + 1, offset: index) }
}

/// How a scalar was written: plain scalars are resolved by the core schema, the others are strings.
enum YAMLScalarStyle: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One token of the YAML scanner (the token set of the YAML 1.2 spec's reference parsers).
struct YAMLToken: Sendable {
    enum Kind: Sendable, Equatable {
        case streamStart, streamEnd
        case versionDirective(major: Int, minor: Int)
        case tagDirective(handle: String, prefix: String)
        case reservedDirective
        case documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value
        case alias(String), anchor(String)
        case tag(handle: String, suffix: String)
        case scalar(String, YAMLScalarStyle)
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
}
