public import JSONSchema

/// Request bodies that are not well-formed JSON, or that stress JSON parsers at their limits.
///
/// Schema mutations test validation; these test the layer below it. A server should answer each
/// with a clean 4xx rather than a 500, a hang or a crash: truncated and invalid UTF-8 input,
/// duplicate keys, 10,000 levels of nesting, numbers no `Int64` or `Double` holds, `NaN` tokens,
/// a byte-order mark, an empty body, trailing garbage. All bytes are a pure function of the input.
public enum MalformedBody: String, Sendable, CaseIterable {
    /// No bytes at all.
    case empty
    /// The first half of the valid payload.
    case truncated
    /// A string containing the invalid UTF-8 sequence `C3 28 FF`.
    case invalidUTF8
    /// A string containing the overlong encoding `C0 AF` of `/`.
    case overlongUTF8
    /// A `\ud800` escape with no low surrogate.
    case loneSurrogateEscape
    /// The first member repeated at the end of the object.
    case duplicateKeys
    /// `nestingDepth` nested arrays.
    case deepNesting
    /// `123456789012345678901234567890`, beyond `Int64` and exact `Double`.
    case hugeInteger
    /// `1e400`, beyond `Double`.
    case hugeExponent
    /// The non-JSON token `NaN`.
    case notANumber
    /// The non-JSON token `Infinity`.
    case infinity
    /// The non-JSON token `-Infinity`.
    case negativeInfinity
    /// The valid payload behind a UTF-8 byte-order mark, which RFC 8259 forbids senders to add.
    case byteOrderMark
    /// The valid payload followed by ` garbage`.
    case trailingGarbage
    /// A comma before the closing brace or bracket.
    case trailingComma
    /// A member with single-quoted key and value.
    case singleQuotes
    /// A `/* comment */` before the payload.
    case comment
    /// A member whose key has no quotes.
    case unquotedKey
    /// An unescaped U+0001 inside a string.
    case controlCharacterInString
    /// The JavaScript word `undefined`.
    case bareWord

    /// Nesting depth of `deepNesting`, beyond what recursive-descent parsers survive by default.
    public static let nestingDepth = 10_000

    /// The body bytes, derived from `valid` where the case damages a real payload.
    public func bytes(from valid: JSONValue) -> [UInt8] {
        let text = JSONSerializer().bytes(valid)
        let object = valid.objectValue
        func withMember(_ member: String) -> [UInt8] {
            guard object != nil, text.count > 2 else { return Array("{\(member)}".utf8) }
            return Array(text.dropLast()) + Array(",\(member)}".utf8)
        }
        switch self {
        case .empty: return []
        case .truncated: return Array(text.prefix(max(1, text.count / 2)))
        case .invalidUTF8:
            return withMember("\"bad\":\"\u{FFFD}\"").replacingSubsequence(
                [0xEF, 0xBF, 0xBD], with: [0xC3, 0x28, 0xFF])
        case .overlongUTF8:
            return withMember("\"bad\":\"\u{FFFD}\"").replacingSubsequence(
                [0xEF, 0xBF, 0xBD], with: [0xC0, 0xAF])
        case .loneSurrogateEscape: return withMember("\"bad\":\"\\ud800\"")
        case .duplicateKeys:
            guard let first = object?.members.first else { return Array("{\"id\":1,\"id\":2}".utf8) }
            return withMember("\(JSONValue.string(first.key).compactText):\(first.value.compactText)")
        case .deepNesting:
            return Array(repeating: UInt8(ascii: "["), count: Self.nestingDepth)
                + Array(repeating: UInt8(ascii: "]"), count: Self.nestingDepth)
        case .hugeInteger: return withMember("\"big\":123456789012345678901234567890")
        case .hugeExponent: return withMember("\"big\":1e400")
        case .notANumber: return withMember("\"n\":NaN")
        case .infinity: return withMember("\"n\":Infinity")
        case .negativeInfinity: return withMember("\"n\":-Infinity")
        case .byteOrderMark: return [0xEF, 0xBB, 0xBF] + text
        case .trailingGarbage: return text + Array(" garbage".utf8)
        case .trailingComma:
            return object == nil ? Array("[1,2,]".utf8) : Array(text.dropLast()) + Array(",}".utf8)
        case .singleQuotes: return withMember("'single':'quotes'")
        case .comment: return Array("/* comment */ ".utf8) + text
        case .unquotedKey: return withMember("unquoted:1")
        case .controlCharacterInString: return withMember("\"ctl\":\"a\u{01}b\"")
        case .bareWord: return Array("undefined".utf8)
        }
    }

    /// Every case as a named body, for parameterised tests and fuzz runs.
    public static func all(from valid: JSONValue) -> [(name: String, bytes: [UInt8])] {
        allCases.map { ($0.rawValue, $0.bytes(from: valid)) }
    }

    /// Whether a strict RFC 8259 parser must reject the body. `hugeInteger`, `hugeExponent` and
    /// `loneSurrogateEscape` are grammatical JSON that merely exceed common number or string types,
    /// and `duplicateKeys` is allowed by the RFC (with unpredictable meaning).
    public var isSyntacticallyInvalid: Bool {
        switch self {
        case .hugeInteger, .hugeExponent, .loneSurrogateEscape, .duplicateKeys, .deepNesting: return false
        default: return true
        }
    }

    /// Whether the body is a non-JSON extension that common parsers accept on purpose, with one
    /// clear reading: `NaN` and `Infinity` (Python's `json`, JavaScript engines in lax modes),
    /// JSON5's trailing commas, comments, single quotes and unquoted keys, a raw control character
    /// in a string (`strict=False` parsers). RFC 8259 §9 lets a parser accept non-JSON forms, so a
    /// server that does is lenient, not wrong: server fuzzing sends these as tolerated probes.
    public var isCommonExtension: Bool {
        switch self {
        case .notANumber, .infinity, .negativeInfinity, .trailingComma, .comment, .singleQuotes, .unquotedKey,
            .controlCharacterInString:
            return true
        default:
            return false
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func replacingSubsequence(_ target: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard let start = indices.first(where: { self[$0...].starts(with: target) }) else { return self }
        return Array(self[..<start]) + replacement + Array(self[(start + target.count)...])
    }
}
