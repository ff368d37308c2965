/// Reads UTF-8 JSON text (RFC 8259) into a `JSONValue`, strictly.
///
/// Conform checks servers and contracts, so it must not be lenient where Foundation is: it rejects
/// invalid UTF-8, lone surrogates, trailing content and excessive nesting, each with a line:column
/// position and what was expected. It is also the hot path of every check, so it works on raw bytes
/// and records source positions only when asked.
///
/// Duplicate object keys are legal JSON (RFC 8259: names *should* be unique), so by default they are
/// accepted, the last value wins (in the first member's place, as `JSON.parse` does) and each one is
/// listed in `Document.duplicateKeys` with both positions, for callers that warn or report a finding.
/// `Options.rejectsDuplicateKeys` makes them an error instead, for documents people write (contracts)
/// where a repeated key is always a mistake.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"price": 9.99}"#.utf8))
/// ```
public struct JSONParser {
    /// The deepest nesting of arrays and objects any reader accepts by default: 512 levels.
    ///
    /// Real documents nest a dozen levels; a limit keeps a hostile `[[[[…` an error (naming the
    /// limit, the pointer and line:column) instead of a stack overflow. This parser, the
    /// serializer, equality and hashing keep their own stacks; the tape scanner and tape
    /// materialization recurse, using about 300 KiB of stack at this depth in a debug build, within
    /// the 512 KiB of a Dispatch or Swift Testing thread. Raising the limit is only safe on a
    /// larger stack. docs/json-reading.md has the measurements.
    public static let defaultMaximumDepth = 512

    /// Settings that change what the parser accepts or records.
    public struct Options: Sendable {
        /// The deepest nesting of arrays and objects accepted before failing with `tooDeep`
        /// (`JSONParser.defaultMaximumDepth` unless set).
        public var maximumDepth: Int
        /// Whether a leading UTF-8 byte order mark is skipped instead of rejected.
        public var allowsByteOrderMark: Bool
        /// Whether a `JSONSourceMap` is built.
        public var recordsPositions: Bool
        /// Whether a key given twice in one object is an error (`duplicateKey`) instead of a
        /// reported duplicate whose last value wins.
        public var rejectsDuplicateKeys: Bool
        /// YAML only: whether a quoted scalar or a flow collection continued on a new line at the
        /// indentation of its enclosing block (not less) is read as libyaml and PyYAML read it,
        /// instead of failing with `underindentedContinuation` as YAML 1.2 requires. Descriptions
        /// written by hand do this (Docker Engine's), and the loader reads them so with a warning.
        public var acceptsUnderindentedContinuations: Bool

        public init(
            maximumDepth: Int = JSONParser.defaultMaximumDepth, allowsByteOrderMark: Bool = false,
            recordsPositions: Bool = false,
            rejectsDuplicateKeys: Bool = false, acceptsUnderindentedContinuations: Bool = false
        ) {
            self.maximumDepth = maximumDepth
            self.allowsByteOrderMark = allowsByteOrderMark
            self.recordsPositions = recordsPositions
            self.rejectsDuplicateKeys = rejectsDuplicateKeys
            self.acceptsUnderindentedContinuations = acceptsUnderindentedContinuations
        }

        public static let `default` = Options()
    }

    /// A parsed document with the positions of its values (when recorded).
    public struct Document: Sendable {
        public var value: JSONValue
        public var sourceMap: JSONSourceMap
        /// Every key given twice in one object, in document order (empty when rejected instead).
        public var duplicateKeys: [JSONDuplicateKey] = []
    }

    /// Parses `bytes` as one JSON value.
    /// - Throws: `JSONParseError` naming the first problem and its position.
    public static func parse(_ bytes: some Collection<UInt8>, options: Options = .default)
        throws(JSONParseError)
        -> JSONValue
    {
        try parseDocument(bytes, options: options).value
    }

    /// Parses `text` as one JSON value.
    public static func parse(_ text: String, options: Options = .default) throws(JSONParseError) -> JSONValue
    {
        try parse(Array(text.utf8), options: options)
    }

    /// Parses `bytes` and, when `options.recordsPositions` is set, the position of every value.
    public static func parseDocument(_ bytes: some Collection<UInt8>, options: Options = .default)
        throws(JSONParseError) -> Document
    {
        try parseDocument(bytes, options: options, tryingTape: true)
    }

    /// The tree of a document the tape scan has already given up on (not JSON, a repeated key,
    /// too large), built directly instead of scanning it a second time.
    static func parseWithoutTape(_ bytes: [UInt8], options: Options) throws(JSONParseError) -> JSONValue {
        try parseDocument(bytes, options: options, tryingTape: false).value
    }

    static func parseDocument(_ bytes: some Collection<UInt8>, options: Options, tryingTape: Bool)
        throws(JSONParseError) -> Document
    {
        // Without positions, scanning to a tape and materializing it is faster than building the
        // tree while parsing (no member stacks, exact sizes known). Rejected documents, and those
        // with duplicate keys, are read below for the error or the duplicate list.
        if tryingTape, !options.recordsPositions, let array = bytes as? [UInt8],
            case .tape(let tape) = JSONTape.scan(array, options: options)
        {
            return Document(value: tape.value, sourceMap: JSONSourceMap())
        }
        let result: Result<Document, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> Document in try parseBuffer(buffer, options: options) }
        }
        if let result { return try result.get() }
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try parseBuffer(buffer, options: options)
        }
    }

    private static func parseBuffer(_ buffer: UnsafeBufferPointer<UInt8>, options: Options)
        throws(JSONParseError)
        -> Document
    {
        var parser = JSONParser(buffer: buffer, options: options)
        // About one value per 24 bytes in pretty-printed descriptions: reserving avoids regrowing
        // (and rehashing every pointer of) the source map many times on a large document.
        if options.recordsPositions { parser.sourceMap.reserveCapacity(buffer.count / 24) }
        let value = try parser.parseTopLevel()
        return Document(
            value: value, sourceMap: parser.sourceMap, duplicateKeys: parser.resolvedDuplicates())
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let options: Options
    var index = 0
    var depth = 0
    var line = 1
    var lineStart = 0
    /// The last position recorded on the current line (its line start, byte offset and column), so
    /// recording the next one counts columns from there: on a minified document, one long line,
    /// counting from the line start each time would be quadratic.
    var columnCursor = (lineStart: 0, offset: 0, column: 1)
    /// The source map's numbers of the value being parsed and of the containers around it,
    /// innermost last (see ``JSONSourceMap``); kept only when recording positions.
    var places: [Int] = [JSONSourceMap.root]
    var sourceMap = JSONSourceMap()
    /// Members of every object being parsed, innermost last: one growing buffer shared by all
    /// objects, so each finished object costs one exactly-sized allocation instead of the repeated
    /// regrowth (and slack capacity) of a fresh array per object.
    var memberStack: [JSONObject.Member] = []
    /// The input offset and UTF-8 length of each key on `memberStack`: the offset for duplicate-key
    /// positions, the length so the duplicate scan compares bytes only of keys as long.
    var keyStartStack: [(start: Int, length: Int)] = []
    /// Elements of every array being parsed, innermost last, for the same reason.
    var elementStack: [JSONValue] = []
    /// The containers being parsed, outermost first, so a duplicate key can name its pointer
    /// without the parser keeping a path for every value.
    var frames: [Frame] = []
    /// Duplicates found so far, positions still as byte offsets (resolved in one pass at the end).
    var duplicates: [(key: String, tokens: [String], first: Int, again: Int)] = []

    /// One open array or object: the parser keeps its own stack of these instead of recursing, so
    /// nesting costs heap, not thread stack (a debug build spent 6-10 KiB of stack per level).
    struct Frame {
        var isObject: Bool
        /// Where the container's members or elements start on their stack.
        var base: Int
        /// The key of the member being parsed (objects only).
        var key: String = ""
        /// Where that key starts in the input.
        var keyStart = 0
        /// The index on `memberStack` of an earlier member with the same key, whose value the
        /// member being parsed replaces.
        var earlier: Int?
        /// Key to index on `memberStack`, built once an object has many members.
        var seen: [String: Int]?
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, options: Options) {
        self.bytes = buffer
        self.options = options
        // One allocation each up front instead of four regrowths on the first object.
        memberStack.reserveCapacity(16)
        keyStartStack.reserveCapacity(16)
        elementStack.reserveCapacity(16)
    }

    private mutating func parseTopLevel() throws(JSONParseError) -> JSONValue {
        if let encoding = Self.wideEncoding(of: bytes) { throw error(.notUTF8(encoding: encoding), at: 0) }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            guard options.allowsByteOrderMark else { throw error(.byteOrderMark, at: 0) }
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw error(.emptyInput, at: index) }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error(.trailingContent(found: describe(at: index)), at: index)
        }
        return value
    }

    /// The UTF-16 or UTF-32 form `bytes` starts in, by byte order mark or by the zero bytes around
    /// its first ASCII character (RFC 4627 section 3), or nil. UTF-8 JSON never holds a zero byte
    /// outside a string (and never inside one, where it must be escaped), so no valid input matches.
    static func wideEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        guard count >= 2 else { return nil }
        let b0 = bytes[0]
        let b1 = bytes[1]
        let b2: UInt8? = count > 2 ? bytes[2] : nil
        let b3: UInt8? = count > 3 ? bytes[3] : nil
        if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF { return "UTF-32BE" }
        if b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0 { return "UTF-32LE" }
        if b0 == 0xFE && b1 == 0xFF { return "UTF-16BE" }
        if b0 == 0xFF && b1 == 0xFE { return "UTF-16LE" }
        if count >= 4 && b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0 { return "UTF-32BE" }
        if count >= 4 && b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0 { return "UTF-32LE" }
        // Two ASCII characters, each with its zero byte (or one character alone).
        let pair = count == 2 || count >= 4
        if pair && b0 == 0 && b1 != 0 && b1 < 0x80 && (count == 2 || (b2 == 0 && b3 != 0)) {
            return "UTF-16BE"
        }
        if pair && b1 == 0 && b0 != 0 && b0 < 0x80 && (count == 2 || (b3 == 0 && b2 != 0)) {
            return "UTF-16LE"
        }
        return nil
    }
}
