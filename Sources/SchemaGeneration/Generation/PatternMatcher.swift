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
    /// Recent verdicts: a string built from a pattern is matched when it is built and again when
    /// the value holding it is checked, and a backtracking match costs far more than a lookup.
    private static let verdicts = Mutex<[Verdict: Bool]>([:])

    private struct Verdict: Hashable {
        var text: String
        var pattern: String
    }

    /// Whether `pattern` matches somewhere in `text` (JSON Schema patterns are not anchored); nil when
    /// the pattern does not compile.
    package static func matches(_ text: String, pattern: String) -> Bool? {
        guard let compiled = compiled(pattern) else { return nil }
        let key = Verdict(text: text, pattern: pattern)
        if let known = verdicts.withLock({ $0[key] }) { return known }
        let verdict = compiled.isValid(.string(text))
        verdicts.withLock {
            if $0.count >= 4096 { $0.removeAll(keepingCapacity: true) }
            $0[key] = verdict
        }
        return verdict
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
