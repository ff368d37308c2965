/// Reads YAML 1.2 text into the same `JSONValue`s (and source maps) the JSON parser produces, so
/// every place that reads a contract, an OpenAPI description or a schema reads YAML too.
///
/// Values are resolved by the YAML 1.2 core schema: `null`/`~`/empty, `true`/`false`, integers
/// (also `0o17`, `0x1F`), floats; numbers become exact `JSONNumber`s from their text. `.inf` and
/// `.nan` are errors (JSON cannot hold them; quote them to keep text). Mapping keys are strings as
/// written (`200:` is the key `"200"`). Anchors, aliases and `<<` merge keys are expanded, with the
/// expansion bounded; duplicate keys are errors naming both positions.
///
/// ```swift
/// let value = try YAMLReader.parse("price: 9.99\ntags: [a, b]\n")
/// ```
public enum YAMLReader {
    /// Parses `bytes` as a YAML stream that must hold exactly one document.
    ///
    /// Uses `options.maximumDepth` and `options.recordsPositions`; a byte order mark is always
    /// allowed, as YAML permits one.
    /// - Throws: `YAMLParseError` naming the first problem and its position.
    public static func parseDocument(_ bytes: some Collection<UInt8>, options: JSONParser.Options = .default)
        throws(YAMLParseError) -> JSONParser.Document
    {
        let documents = try parseStream(bytes, options: options)
        guard let first = documents.first else {
            throw YAMLParseError(.noDocument, at: SourcePosition(line: 1, column: 1, offset: 0))
        }
        if documents.count > 1 {
            let second = documents[1].start
            throw YAMLParseError(.multipleDocuments(count: documents.count, secondAt: second), at: second)
        }
        return first.document
    }

    /// Parses `text` as one YAML document.
    public static func parse(_ text: String, options: JSONParser.Options = .default) throws(YAMLParseError)
        -> JSONValue
    {
        try parseDocument(Array(text.utf8), options: options).value
    }

    /// One document of a stream and where it starts.
    public struct StreamDocument: Sendable {
        public var document: JSONParser.Document
        public var start: SourcePosition
    }

    /// Parses every document of a YAML stream (`---` separated).
    ///
    /// - Parameter maximumAliasExpansion: how many nodes aliases may add in total per document;
    ///   by default 1,000,000 or the input's size in bytes, whichever is larger.
    public static func parseStream(
        _ bytes: some Collection<UInt8>, options: JSONParser.Options = .default,
        maximumAliasExpansion: Int? = nil
    ) throws(YAMLParseError) -> [StreamDocument] {
        let input = Array(bytes)
        // The reader recurses per level and its nesting is only known once read: every document
        // is read on a stack of its own (contracts and descriptions are read once per run).
        return try LargeStack.run(depth: .max) { () throws(YAMLParseError) in
            try readStream(input, options: options, maximumAliasExpansion: maximumAliasExpansion)
        }
    }

    private static func readStream(_ input: [UInt8], options: JSONParser.Options, maximumAliasExpansion: Int?)
        throws(YAMLParseError) -> [StreamDocument]
    {
        try validate(input)
        let tokens = try YAMLScanner.tokens(
            of: input, maximumDepth: options.maximumDepth,
            acceptsUnderindented: options.acceptsUnderindentedContinuations)
        let nodes = try YAMLParser.documents(of: tokens, maximumDepth: options.maximumDepth)
        let limit = maximumAliasExpansion ?? max(1_000_000, input.count)
        var documents: [StreamDocument] = []
        for node in nodes {
            var constructor = YAMLConstructor(
                expansionLimit: limit, recordsPositions: options.recordsPositions)
            let value = try constructor.construct(node.root)
            documents.append(
                StreamDocument(
                    document: JSONParser.Document(value: value, sourceMap: constructor.sourceMap),
                    start: node.start.position))
        }
        return documents
    }

    /// Rejects invalid UTF-8 and the control characters YAML forbids (NUL among them, which the
    /// scanner uses as its end sentinel).
    static func validate(_ bytes: [UInt8]) throws(YAMLParseError) {
        var line = 1
        var lineStart = 0
        for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x7F {
            if byte == 0x0A {
                line += 1
                lineStart = offset + 1
            } else if byte != 0x09 && byte != 0x0D {
                let hex = String(byte, radix: 16, uppercase: true)
                let column =
                    String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
                throw YAMLParseError(
                    .syntax(
                        "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) is not allowed in YAML"
                    ),
                    at: SourcePosition(line: line, column: column, offset: offset))
            }
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            var valid = 0
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    offset += UTF8.width(scalar)
                    valid = offset
                case .emptyInput: break decoding
                case .error: break decoding
                }
            }
            let prefix = bytes[..<valid]
            let line = prefix.filter { $0 == 0x0A }.count + 1
            let lineStart = (prefix.lastIndex(of: 0x0A) ?? -1) + 1
            let column = String(decoding: bytes[lineStart..<valid], as: UTF8.self).unicodeScalars.count + 1
            throw YAMLParseError(.invalidUTF8, at: SourcePosition(line: line, column: column, offset: valid))
        }
    }
}
