import Synchronization

/// Checks strings against ECMA-262 style `pattern`s with the standard library's `Regex`.
///
/// The generator double-checks every string it builds from a pattern and uses this to pick fallback
/// candidates for patterns outside `RegexSubset`. A pattern `Regex` cannot compile answers `nil`
/// ("unknown") so callers can decide whether to be lenient or strict. Compiled expressions are
/// cached process-wide, because the same few patterns are checked for every generated value.
package enum PatternMatcher {
    private enum Compiled {
        case regex(Regex<AnyRegexOutput>)
        case invalid
    }

    private static let cache = Mutex<[String: Compiled]>([:])

    /// Whether `pattern` matches somewhere in `text` (JSON Schema patterns are not anchored); nil when
    /// the pattern does not compile.
    package static func matches(_ text: String, pattern: String) -> Bool? {
        let compiled = cache.withLock { cache -> Compiled in
            if let found = cache[pattern] { return found }
            let made: Compiled = (try? Regex(pattern)).map { .regex($0) } ?? .invalid
            if cache.count > 512 { cache.removeAll() }
            cache[pattern] = made
            return made
        }
        guard case .regex(let regex) = compiled else { return nil }
        return (try? regex.firstMatch(in: text)) != nil
    }
}
