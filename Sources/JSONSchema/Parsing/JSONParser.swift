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

        public init(
            maximumDepth: Int = JSONParser.defaultMaximumDepth, allowsByteOrderMark: Bool = false,
            recordsPositions: Bool = false,
            rejectsDuplicateKeys: Bool = false
        ) {
            self.maximumDepth = maximumDepth
            self.allowsByteOrderMark = allowsByteOrderMark
            self.recordsPositions = recordsPositions
            self.rejectsDuplicateKeys = rejectsDuplicateKeys
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

    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: Options
    private var index = 0
    private var depth = 0
    private var line = 1
    private var lineStart = 0
    /// The last position recorded on the current line (its line start, byte offset and column), so
    /// recording the next one counts columns from there: on a minified document, one long line,
    /// counting from the line start each time would be quadratic.
    private var columnCursor = (lineStart: 0, offset: 0, column: 1)
    private var path: [String] = []
    private var sourceMap = JSONSourceMap()
    /// Members of every object being parsed, innermost last: one growing buffer shared by all
    /// objects, so each finished object costs one exactly-sized allocation instead of the repeated
    /// regrowth (and slack capacity) of a fresh array per object.
    private var memberStack: [JSONObject.Member] = []
    /// The input offset and UTF-8 length of each key on `memberStack`: the offset for duplicate-key
    /// positions, the length so the duplicate scan compares bytes only of keys as long.
    private var keyStartStack: [(start: Int, length: Int)] = []
    /// Elements of every array being parsed, innermost last, for the same reason.
    private var elementStack: [JSONValue] = []
    /// The containers being parsed, outermost first, so a duplicate key can name its pointer
    /// without the parser keeping a path for every value.
    private var frames: [Frame] = []
    /// Duplicates found so far, positions still as byte offsets (resolved in one pass at the end).
    private var duplicates: [(key: String, tokens: [String], first: Int, again: Int)] = []

    /// One open array or object: the parser keeps its own stack of these instead of recursing, so
    /// nesting costs heap, not thread stack (a debug build spent 6-10 KiB of stack per level).
    private struct Frame {
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

    // MARK: - Structure

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

    /// Parses one value, containers included, with a loop over `frames` instead of recursion.
    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        var value: JSONValue
        parsing: while true {
            // A value starts at `index`.
            guard index < bytes.count else {
                throw error(.unexpectedEnd(expected: "a JSON value"), at: index)
            }
            if options.recordsPositions {
                sourceMap.record(trackedPosition(at: index), at: JSONPointer(tokens: path))
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try enterContainer()
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    depth -= 1
                    value = .object(JSONObject(uniqueMembers: []))
                } else {
                    frames.append(Frame(isObject: true, base: memberStack.count))
                    try beginMember()
                    continue parsing
                }
            case UInt8(ascii: "["):
                try enterContainer()
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    depth -= 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false, base: elementStack.count))
                    if options.recordsPositions { path.append("0") }
                    continue parsing
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
            case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
            case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
            default:
                throw error(
                    .unexpectedCharacter(found: describeWord(at: index), expected: "a JSON value"), at: index)
            }
            // `value` is complete: it joins the innermost open container, which may complete too.
            while let frame = frames.last {
                if options.recordsPositions { path.removeLast() }
                skipWhitespace()
                if frame.isObject {
                    if let earlier = frame.earlier {
                        memberStack[earlier].value = value
                    } else {
                        memberStack.append((frame.key, value))
                        keyStartStack.append((frame.keyStart, frame.key.utf8.count))
                    }
                    guard index < bytes.count else {
                        throw error(.unexpectedEnd(expected: "',' or '}'"), at: index)
                    }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        try beginMember()
                        continue parsing
                    case UInt8(ascii: "}"):
                        index += 1
                        depth -= 1
                        frames.removeLast()
                        let members = Self.exactCopy(of: memberStack[frame.base...])
                        memberStack.removeSubrange(frame.base...)
                        keyStartStack.removeSubrange(frame.base...)
                        value = .object(JSONObject(uniqueMembers: members))
                    default:
                        throw error(
                            .unexpectedCharacter(
                                found: describe(at: index), expected: "',' or '}' after an object member"),
                            at: index)
                    }
                } else {
                    elementStack.append(value)
                    guard index < bytes.count else {
                        throw error(.unexpectedEnd(expected: "',' or ']'"), at: index)
                    }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if options.recordsPositions { path.append(String(elementStack.count - frame.base)) }
                        continue parsing
                    case UInt8(ascii: "]"):
                        index += 1
                        depth -= 1
                        frames.removeLast()
                        let elements = Self.exactCopy(of: elementStack[frame.base...])
                        elementStack.removeSubrange(frame.base...)
                        value = .array(elements)
                    default:
                        throw error(
                            .unexpectedCharacter(
                                found: describe(at: index), expected: "',' or ']' after an array element"),
                            at: index)
                    }
                }
            }
            return value
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError)
        -> JSONValue
    {
        let start = index
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in utf8 {
            guard index < bytes.count else {
                throw error(.unexpectedEnd(expected: "\"\(word)\""), at: index)
            }
            guard bytes[index] == expected else {
                throw error(
                    .unexpectedCharacter(found: describeWord(at: start), expected: "a JSON value"), at: start)
            }
            index += 1
        }
        return value
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > options.maximumDepth {
            var failure = error(.tooDeep(limit: options.maximumDepth), at: index)
            failure.pointer = JSONPointer(tokens: openTokens())
            throw failure
        }
    }

    /// The pointer tokens of the value being read: one per open container, outermost first.
    private func openTokens() -> [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(frames.count)
        for (level, frame) in frames.enumerated() {
            if frame.isObject {
                tokens.append(frame.key)
            } else {
                // Elements of deeper open arrays sit above this array's on the shared stack.
                let end = frames[(level + 1)...].first { !$0.isObject }?.base ?? elementStack.count
                tokens.append(String(end - frame.base))
            }
        }
        return tokens
    }

    /// Reads the key and colon of the next member of the innermost object, up to its value.
    private mutating func beginMember() throws(JSONParseError) {
        let last = frames.count - 1
        let base = frames[last].base
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "a string key"), at: index)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            let expected = memberStack.count == base ? "a string key or '}'" : "a string key"
            throw error(.unexpectedCharacter(found: describe(at: index), expected: expected), at: index)
        }
        let keyStart = index
        let key = try parseString()
        // Taken out of the frame while it changes, so the dictionary is not copied.
        var seen = frames[last].seen
        frames[last].seen = nil
        let earlier = try checkDuplicate(key, keyStart: keyStart, base: base, seen: &seen)
        frames[last].seen = seen
        frames[last].key = key
        frames[last].keyStart = keyStart
        frames[last].earlier = earlier
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "':'"), at: index) }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw error(
                .unexpectedCharacter(found: describe(at: index), expected: "':' after an object key"),
                at: index)
        }
        index += 1
        skipWhitespace()
        if options.recordsPositions {
            path.append(key)
            sourceMap.recordKey(trackedPosition(at: keyStart), at: JSONPointer(tokens: path))
        }
    }

    /// A fresh array of exactly the slice's elements. `Array(slice)` would instead adopt the whole
    /// stack buffer (slack capacity included) when the slice spans all of it, and the next push
    /// would then copy the stack.
    @inline(__always)
    private static func exactCopy<Element>(of slice: ArraySlice<Element>) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(slice.count)
        copy.append(contentsOf: slice)
        return copy
    }

    /// The index on `memberStack` of an earlier member of this object named `key`, or nil; in
    /// strict mode an earlier one is an error. Small objects are checked by a linear scan; larger
    /// ones switch to a dictionary of key to index.
    ///
    /// Keys compare by their UTF-8 bytes (not by `String ==`, which would equate canonically
    /// equivalent spellings); comparing the byte counts first skips almost every candidate.
    private mutating func checkDuplicate(
        _ key: String, keyStart: Int, base: Int, seen: inout [String: Int]?
    ) throws(JSONParseError) -> Int? {
        let count = memberStack.count - base
        var earlier: Int?
        if count < 16 {
            let length = key.utf8.count
            for offset in base..<memberStack.count where keyStartStack[offset].length == length {
                if memberStack[offset].key.utf8.elementsEqual(key.utf8) {
                    earlier = offset
                    break
                }
            }
        } else {
            if seen == nil {
                var built: [String: Int] = [:]
                built.reserveCapacity(count * 2)
                for offset in base..<memberStack.count { built[memberStack[offset].key] = offset }
                seen = built
            }
            if let found = seen?[key] {
                if memberStack[found].key.utf8.elementsEqual(key.utf8) {
                    earlier = found
                } else {
                    // `String` equality matched a canonically equivalent but different spelling.
                    earlier = memberStack[base...].firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
                }
            }
            if earlier == nil { seen?[key] = memberStack.count }
        }
        guard let earlier else { return nil }
        let firstStart = keyStartStack[earlier].start
        if options.rejectsDuplicateKeys {
            throw error(.duplicateKey(key, firstAt: position(at: firstStart)), at: keyStart)
        }
        duplicates.append((key, currentPath(appending: key), firstStart, keyStart))
        return earlier
    }

    /// The JSON pointer tokens of the member `key` of the innermost object being parsed.
    private func currentPath(appending key: String) -> [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(frames.count)
        for (level, frame) in frames.enumerated().dropLast() {
            if frame.isObject {
                tokens.append(frame.key)
            } else {
                // Elements of deeper open arrays sit above this array's on the shared stack.
                let end = frames[(level + 1)...].first { !$0.isObject }?.base ?? elementStack.count
                tokens.append(String(end - frame.base))
            }
        }
        tokens.append(key)
        return tokens
    }

    /// The duplicates with line:column positions, all computed in one pass over the input.
    private func resolvedDuplicates() -> [JSONDuplicateKey] {
        guard !duplicates.isEmpty else { return [] }
        var offsets = duplicates.flatMap { [$0.first, $0.again] }
        offsets.sort()
        var positions: [Int: SourcePosition] = [:]
        var line = 1
        var column = 1
        var position = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        for offset in offsets where positions[offset] == nil {
            while position < offset && position < bytes.count {
                if bytes[position] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[position] & 0xC0 != 0x80 {
                    column += 1
                }
                position += 1
            }
            positions[offset] = SourcePosition(line: line, column: column, offset: offset)
        }
        return duplicates.map { duplicate in
            JSONDuplicateKey(
                key: duplicate.key, pointer: JSONPointer(tokens: duplicate.tokens),
                first: positions[duplicate.first]
                    ?? SourcePosition(line: 1, column: 1, offset: duplicate.first),
                again: positions[duplicate.again]
                    ?? SourcePosition(line: 1, column: 1, offset: duplicate.again))
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: plain ASCII without escapes needs no copy beyond the final String.
        index = PlainASCII.end(in: bytes, from: index)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        return try parseStringSlowly(from: start)
    }

    private mutating func parseStringSlowly(from start: Int) throws(JSONParseError) -> String {
        var scratch: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case 0..<0x20:
                throw error(.controlCharacterInString(byte), at: index)
            case 0x80...:
                let length = try validateUTF8Sequence(at: index)
                scratch.append(contentsOf: bytes[index..<(index + length)])
                index += length
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw error(.unexpectedEnd(expected: "'\"' to close the string"), at: index)
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "an escape sequence"), at: index)
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart) }
                index += 2
                let low = try parseHex4(escapeStart: index - 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error(.unpairedSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            scratch.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
        default:
            throw error(.invalidEscape(escapeText(escapeStart)), at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw error(.unexpectedEnd(expected: "four hex digits after \\u"), at: index)
            }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error(.invalidEscape(escapeText(escapeStart)), at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func escapeText(_ start: Int) -> String {
        let end = min(bytes.count, start + 12)
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if let quote = text.firstIndex(of: "\"") { text = String(text[..<quote]) }
        if text.count > 6 && !text.hasPrefix("\\u") { text = String(text.prefix(2)) }
        if text.hasPrefix("\\u") { text = String(text.prefix(12)) }
        return "'\(text)'"
    }

    /// The length of the valid multi-byte UTF-8 sequence at `offset`, or `invalidUTF8` there.
    private func validateUTF8Sequence(at offset: Int) throws(JSONParseError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: offset) else {
            throw error(.invalidUTF8, at: offset)
        }
        return length
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        guard let (number, end) = JSONNumber.scan(bytes, from: index) else {
            throw error(.invalidNumber(numberProblem(at: index)), at: index)
        }
        index = end
        return number
    }

    /// A precise description of why the number at `start` is malformed.
    private func numberProblem(at start: Int) -> String {
        var position = start
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return "expected a digit after '-'" }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
            return "leading zeros are not allowed"
        }
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                return "expected a digit after '.'"
            }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        return "expected a digit in the exponent"
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    // MARK: - Positions and errors

    /// The line and column of `offset`; the current line is tracked, earlier ones are recounted.
    private func position(at offset: Int) -> SourcePosition {
        var line = 1
        var lineStart = 0
        if offset >= self.lineStart {
            line = self.line
            lineStart = self.lineStart
        } else {
            for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
        }
        var column = 1
        var position = lineStart
        while position < offset && position < bytes.count {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return SourcePosition(line: line, column: column, offset: offset)
    }

    /// The position of `offset` for the source map: offsets recorded in increasing order on the
    /// current line continue the column count of the previous one, so positions cost linear time in
    /// total however long the line.
    private mutating func trackedPosition(at offset: Int) -> SourcePosition {
        guard offset >= lineStart, offset <= bytes.count else { return position(at: offset) }
        if columnCursor.lineStart != lineStart || columnCursor.offset > offset {
            columnCursor = (lineStart, lineStart, 1)
        }
        var column = columnCursor.column
        var position = columnCursor.offset
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        columnCursor = (lineStart, offset, column)
        return SourcePosition(line: line, column: column, offset: offset)
    }

    private func error(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
        JSONParseError(reason, at: position(at: offset))
    }

    /// The character at `offset`, quoted for a message.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "'"): return "\"'\""
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        default:
            if byte >= 0x80, let length = try? validateUTF8Sequence(at: offset) {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
                // The code point too: U+00A0 or U+FEFF look like a space or nothing at all.
                let scalar =
                    text.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? ""
                return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - scalar.count)))\(scalar))"
            }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
        }
    }

    /// A bare word at `offset` (for `True` or `nul`), quoted for a message.
    private func describeWord(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, end - offset < 16,
            (bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z"))
                || (bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z"))
        {
            end += 1
        }
        if end == offset { return describe(at: offset) }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
    }
}

extension JSONNumber {
    /// The exponent a literal whose exponent has more than 18 digits is read with.
    static let clampedExponent = 500_000_000_000_000_000

    /// Scans a JSON number literal starting at `start`; returns the number and the index after it,
    /// or nil when the text there is not a valid literal.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (number: JSONNumber, end: Int)?
    {
        var index = start
        let count = bytes.count
        var negative = false
        if index < count && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count && bytes[index] >= 48 && bytes[index] <= 57 { return nil }
        } else {
            while index < count && bytes[index] >= 48 && bytes[index] <= 57 { index += 1 }
        }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            guard index < count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
            while index < count && bytes[index] >= 48 && bytes[index] <= 57 { index += 1 }
            fractionEnd = index
        }
        var exponent = 0
        if index < count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
            var clamped = false
            while index < count && bytes[index] >= 48 && bytes[index] <= 57 {
                if exponent < 100_000_000_000_000_000 {
                    exponent = exponent * 10 + Int(bytes[index] - 48)
                } else {
                    clamped = true
                }
                index += 1
            }
            // An exponent of up to 18 digits is exact. A longer one only ever means zero or an
            // overwhelming magnitude, so it is clamped to 5 × 10^17: far enough below the exact
            // range that the number's text (`description`) reads back as the same number.
            if clamped { exponent = Self.clampedExponent }
            if exponentNegative { exponent = -exponent }
        }
        let integerDigits = integerEnd - integerStart
        let fractionDigits = fractionEnd - fractionStart
        // Fast path: a plain integer of up to 18 digits.
        if fractionDigits == 0 && exponent == 0 && integerDigits <= 18 {
            var value: Int64 = 0
            for position in integerStart..<integerEnd { value = value &* 10 &+ Int64(bytes[position] &- 48) }
            return (JSONNumber(storage: .int(negative ? -value : value)), index)
        }
        if integerDigits + fractionDigits <= 18 && exponent > -1_000_000 && exponent < 1_000_000 {
            return (
                decimal(
                    bytes, integer: integerStart..<integerEnd, fraction: fractionStart..<fractionEnd,
                    negative: negative, exponent: exponent),
                index
            )
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(integerDigits + fractionDigits)
        digits.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[integerStart..<integerEnd]))
        if fractionDigits > 0 {
            digits.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[fractionStart..<fractionEnd]))
        }
        return (JSONNumber(negative: negative, digits: digits, exponent: exponent - fractionDigits), index)
    }

    /// The canonical number for at most 18 significant digits, without the digit array of
    /// `init(negative:digits:exponent:)`: prices such as `12.50` are the common non-integer case and
    /// would otherwise cost several allocations each. Gives exactly the storage that initializer does.
    private static func decimal(
        _ bytes: UnsafeBufferPointer<UInt8>, integer: Range<Int>, fraction: Range<Int>, negative: Bool,
        exponent: Int
    ) -> JSONNumber {
        var significand: Int64 = 0
        for position in integer { significand = significand &* 10 &+ Int64(bytes[position] &- 48) }
        for position in fraction { significand = significand &* 10 &+ Int64(bytes[position] &- 48) }
        if significand == 0 { return JSONNumber(storage: .int(0)) }
        var power = exponent - fraction.count
        while significand % 10 == 0 {
            significand /= 10
            power += 1
        }
        if power >= 0 {
            var value = significand
            var fits = true
            for _ in 0..<min(power, 19) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow {
                    fits = false
                    break
                }
                value = product
            }
            if fits && power <= 19 { return JSONNumber(storage: .int(negative ? -value : value)) }
        }
        return JSONNumber(
            storage: .decimal(significand: negative ? -significand : significand, exponent: power))
    }
}
