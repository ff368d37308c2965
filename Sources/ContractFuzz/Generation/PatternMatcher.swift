/// Checks strings against ECMA-262 style `pattern`s with the standard library's `Regex`.
///
/// The generator double-checks every string it builds from a pattern and uses this to pick fallback
/// candidates for patterns outside `RegexSubset`. A pattern `Regex` cannot compile answers `nil`
/// ("unknown") so callers can decide whether to be lenient or strict.
enum PatternMatcher {
    /// Whether `pattern` matches somewhere in `text` (JSON Schema patterns are not anchored); nil when
    /// the pattern does not compile.
    static func matches(_ text: String, pattern: String) -> Bool? {
        guard let regex = try? Regex(pattern) else { return nil }
        return (try? regex.firstMatch(in: text)) != nil ? true : false
    }
}
