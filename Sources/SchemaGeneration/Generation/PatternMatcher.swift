import JSONSchema
import Synchronization

/// Checks strings against ECMA-262 `pattern`s with the validator's own regular expression engine.
///
/// The generator double-checks every string it builds from a pattern and uses this to pick fallback
/// candidates for patterns outside `RegexSubset`. Matching goes through a compiled one-keyword
/// schema (`{"pattern": …}`), so the generator and the validator that judges its output agree on
/// every pattern, and it is several times faster than the standard library's `Regex`. A pattern
/// the engine cannot compile answers `nil` ("unknown") so callers can decide whether to be lenient
/// or strict. Compiled patterns are cached process-wide, because the same few patterns are checked
/// for every generated value.
package enum PatternMatcher {
    private static let cache = Mutex<[String: Schema?]>([:])

    /// Whether `pattern` matches somewhere in `text` (JSON Schema patterns are not anchored); nil when
    /// the pattern does not compile.
    package static func matches(_ text: String, pattern: String) -> Bool? {
        guard let compiled = compiled(pattern) else { return nil }
        return compiled.isValid(.string(text))
    }

    private static func compiled(_ pattern: String) -> Schema? {
        cache.withLock { cache -> Schema? in
            if let found = cache[pattern] { return found }
            let made = try? Schema(.object(JSONObject([("pattern", .string(pattern))])))
            if cache.count > 512 { cache.removeAll() }
            cache[pattern] = made
            return made
        }
    }
}
