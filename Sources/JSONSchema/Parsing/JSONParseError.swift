/// Why a text is not acceptable JSON, and where.
///
/// The message names what was expected and what was found, so a person can fix a contract or
/// understand a broken server response without a JSON linter.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case emptyInput
        case unexpectedEnd(expected: String)
        case unexpectedCharacter(found: String, expected: String)
        case invalidNumber(String)
        case invalidEscape(String)
        case unpairedSurrogate(String)
        case controlCharacterInString(UInt8)
        case invalidUTF8
        case duplicateKey(String, firstAt: SourcePosition)
        case tooDeep(limit: Int)
        case byteOrderMark
        case trailingContent(found: String)
        /// The input is UTF-16 or UTF-32 text (named by the associated value, e.g. `UTF-16LE`):
        /// JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1), so it is not transcoded.
        case notUTF8(encoding: String)
    }

    public var reason: Reason
    public var position: SourcePosition
    /// The JSON pointer of the value being read when the problem was found, where the reader
    /// knows it (always for `tooDeep`, so a person can find the runaway nesting).
    public var pointer: JSONPointer?

    public init(_ reason: Reason, at position: SourcePosition, pointer: JSONPointer? = nil) {
        self.reason = reason
        self.position = position
        self.pointer = pointer
    }

    /// The problem in one sentence, without the position.
    public var message: String {
        switch reason {
        case .emptyInput:
            return "expected a JSON value, found no content"
        case .unexpectedEnd(let expected):
            return "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let found, let expected):
            return "expected \(expected), found \(found)"
        case .invalidNumber(let detail):
            return "invalid number: \(detail)"
        case .invalidEscape(let escape):
            return
                "invalid escape sequence \(escape) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
        case .unpairedSurrogate(let escape):
            return "unpaired UTF-16 surrogate \(escape) in string"
        case .controlCharacterInString(let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return
                "control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) must be escaped in a string"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence"
        case .duplicateKey(let key, let first):
            return "duplicate key \"\(key)\" in object (first defined at \(first))"
        case .tooDeep(let limit):
            let place = pointer.map { " at \(Self.abbreviated($0))" } ?? ""
            return
                "nesting deeper than \(limit) levels of arrays and objects\(place) (the limit of JSONParser.Options.maximumDepth)"
        case .byteOrderMark:
            return "input starts with a UTF-8 byte order mark (U+FEFF), which JSON does not allow"
        case .trailingContent(let found):
            return "expected end of input after the JSON value, found \(found)"
        case .notUTF8(let encoding):
            return
                "input looks like \(encoding) text; JSON must be UTF-8 (RFC 8259 section 8.1), convert it first"
        }
    }

    /// A pointer short enough for one line: a deep one keeps its first and last tokens.
    static func abbreviated(_ pointer: JSONPointer) -> String {
        let tokens = pointer.tokens
        guard tokens.count > 12 else { return pointer.displayText }
        let head = JSONPointer(tokens: Array(tokens.prefix(4))).description
        let tail = JSONPointer(tokens: Array(tokens.suffix(4))).description
        return "\(head)/…(\(tokens.count - 8) more)…\(tail)"
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
