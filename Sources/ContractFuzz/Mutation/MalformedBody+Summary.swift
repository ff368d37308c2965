extension MalformedBody {
    /// What the body is, in words a person reads in a finding (never the case name).
    public var summary: String {
        switch self {
        case .empty: return "an empty body"
        case .truncated: return "the payload cut in half"
        case .invalidUTF8: return "invalid UTF-8 bytes in a string"
        case .overlongUTF8: return "an overlong UTF-8 encoding in a string"
        case .loneSurrogateEscape: return "a \\ud800 escape without its low surrogate"
        case .duplicateKeys: return "a key given twice"
        case .deepNesting: return "\(Self.nestingDepth) nested arrays"
        case .hugeInteger: return "an integer beyond 64 bits"
        case .hugeExponent: return "the number 1e400, beyond a double"
        case .notANumber: return "the token NaN, which is not JSON"
        case .infinity: return "the token Infinity, which is not JSON"
        case .negativeInfinity: return "the token -Infinity, which is not JSON"
        case .byteOrderMark: return "a UTF-8 byte order mark before the payload"
        case .trailingGarbage: return "text after the payload"
        case .trailingComma: return "a trailing comma"
        case .singleQuotes: return "single-quoted strings"
        case .comment: return "a /* comment */"
        case .unquotedKey: return "a key without quotes"
        case .controlCharacterInString: return "an unescaped control character in a string"
        case .bareWord: return "the word undefined, which is not JSON"
        }
    }
}
