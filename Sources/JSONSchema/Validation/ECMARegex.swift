import Foundation
import Synchronization

/// A compiled ECMA-262 regular expression, as `pattern` and `patternProperties` require.
///
/// Conform's own engine (`RegexParser`, `RegexMatcher`) matches the UTF-8 bytes of the instance
/// directly, which is what the validator's hot path needs. Patterns it does not take on
/// (backreferences, lookbehind, `\p{…}`) and searches past its budget go to Foundation's
/// `NSRegularExpression` (ICU), which also decides whether a pattern is valid at all. ICU differs
/// from ECMA-262 in a few places, so the pattern is translated for it first: `\d`, `\w` and their
/// negations are ASCII-only in ECMA-262, `\s` includes U+FEFF, `$` only matches at the very end,
/// and `[` inside a class is a literal.
///
/// `@unchecked Sendable`: the wrapped `NSRegularExpression` is immutable after creation and
/// documented as safe to use from several threads at once; Swift cannot see that.
final class ECMARegex: @unchecked Sendable {
    let source: String
    /// ICU's compiled pattern; nil when the automaton answers every search and ICU is known to
    /// accept the pattern (`isPlainForICU`), since compiling the first pattern loads ICU's
    /// Unicode sets, a few milliseconds of every process that validates with patterns.
    private let expression: NSRegularExpression?
    /// The pattern in Conform's own engine, when it supports every construct the pattern uses.
    let program: RegexNode?
    /// The same pattern as an automaton searched in linear time, when it has no lookahead or word
    /// boundary: the common case, and the fastest.
    let automaton: RegexAutomaton?

    private static let cache = Mutex<[String: ECMARegex]>([:])

    private init(
        source: String, program: RegexNode?, automaton: RegexAutomaton?, expression: NSRegularExpression?
    ) {
        self.source = source
        self.program = program
        self.automaton = automaton
        self.expression = expression
    }

    /// The compiled regex for `source`, shared through a locked cache; throws the ICU message.
    ///
    /// ICU still decides which patterns are valid: it compiles every pattern but those its
    /// automaton reads whose syntax ICU accepts whenever `RegexParser` does (`isPlainForICU`).
    static func compile(_ source: String) throws -> ECMARegex {
        try cache.withLock { cache in
            if let cached = cache[source] { return cached }
            let program = RegexParser.parse(source)
            let automaton = program.flatMap(RegexAutomaton.init)
            let expression =
                automaton != nil && isPlainForICU(source)
                ? nil : try NSRegularExpression(pattern: translate(source), options: [])
            let regex = ECMARegex(
                source: source, program: program, automaton: automaton, expression: expression)
            cache[source] = regex
            return regex
        }
    }

    /// Whether `source` compiles, without caching it: for `format: regex`, whose inputs are
    /// instance data and must not grow the shared cache.
    static func isCompilable(_ source: String) -> Bool {
        (try? NSRegularExpression(pattern: translate(source), options: [])) != nil
    }

    /// Whether the pattern matches anywhere in `text` (patterns are not implicitly anchored).
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the pattern matches anywhere in UTF-8 `text` (valid UTF-8, as a scanned JSON string
    /// without escapes is): the own engine reads the bytes in place; only what it leaves to
    /// `NSRegularExpression` builds a `String`.
    func matches(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let automaton { return automaton.search(text) }
        if let program, let found = RegexMatcher.search(program, in: text) { return found }
        // Without an automaton, `compile` made the expression.
        guard let expression else { return false }
        return Self.firstMatch(expression, in: String(decoding: text, as: UTF8.self))
    }

    /// The answer of `NSRegularExpression` (for tests that compare it with the own engine): the
    /// expression `compile` made, or one made now for a pattern whose compiling it skipped; nil
    /// if ICU rejects that one, which the tests of `isPlainForICU` rule out.
    func matchesWithFoundation(_ text: String) -> Bool? {
        guard let expression = expression ?? (try? NSRegularExpression(pattern: Self.translate(source)))
        else { return nil }
        return Self.firstMatch(expression, in: text)
    }

    private static func firstMatch(_ expression: NSRegularExpression, in text: String) -> Bool {
        let range = NSRange(location: 0, length: text.utf16.count)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    static func translate(_ source: String) -> String {
        let characters = Array(source)
        var result = ""
        var inClass = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\\":
                guard index < characters.count else {
                    result.append("\\")
                    continue
                }
                result += translateEscape(characters[index], inClass: inClass)
                index += 1
            case "[" where inClass:
                result += "\\["
            case "[":
                if characters[index...].starts(with: ["]"]) {
                    result += "(?!)"
                    index += 1
                } else if characters[index...].starts(with: ["^", "]"]) {
                    result += "[\\s\\S]"
                    index += 2
                } else {
                    inClass = true
                    result.append("[")
                }
            case "]":
                inClass = false
                result.append("]")
            case "$":
                result += inClass ? "$" : "(?![\\s\\S])"
            default:
                result.append(character)
            }
        }
        return result
    }

    private static func translateEscape(_ escaped: Character, inClass: Bool) -> String {
        switch escaped {
        case "d": return inClass ? "0-9" : "[0-9]"
        case "D": return inClass ? "\\D" : "[^0-9]"
        case "w": return inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
        case "W": return inClass ? "\\W" : "[^a-zA-Z0-9_]"
        case "s": return inClass ? "\\s\\x{FEFF}" : "[\\s\\x{FEFF}]"
        case "S": return inClass ? "\\S" : "[^\\s\\x{FEFF}]"
        default: return "\\" + String(escaped)
        }
    }
}

extension ECMARegex {
    private static let identityEscapes = Set("dDwWsSbBfnrtvcxupPk0123456789^$\\.*+?()[]{}|/-".unicodeScalars)

    /// Whether `source` only uses escapes and groups ECMA-262 defines (ICU also accepts `\a`, `\Z`,
    /// inline flags `(?i)` and comments `(?#...)`).
    static func isECMAScript(_ source: String) -> Bool {
        var iterator = source.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar = " "
        while let scalar = iterator.next() {
            defer { previous = scalar }
            if previous == "(" && scalar == "?" {
                guard let next = iterator.next(), ":=!<".unicodeScalars.contains(next) else { return false }
                continue
            }
            guard scalar == "\\" else { continue }
            guard let escaped = iterator.next() else { return false }
            if escaped.isASCII && escaped.properties.isAlphabetic
                || escaped.isASCII && ("0"..."9").contains(escaped)
            {
                guard identityEscapes.contains(escaped) else { return false }
            }
        }
        return true
    }
}
