import Synchronization

/// Parsed generation plans for `pattern`s, one per pattern and `format`, kept for the process.
///
/// A string schema is generated hundreds of times per fuzz run, and parsing its pattern each time
/// cost more than drawing the string. When a `format` narrows the pattern, negated classes and `.`
/// draw from the characters that format accepts (`FormatAlphabet`), so a candidate is built to
/// satisfy both at once instead of being drawn from printable ASCII and rejected by the format
/// check (a `[^/]+` in a `uri` pattern drew a space or `<` in most candidates). Every string is
/// still checked against the pattern and the format before it is returned.
package enum PatternPlans {
    private struct Key: Hashable {
        var pattern: String
        var format: String?
    }

    private static let cache = Mutex<[Key: RegexSubset?]>([:])

    /// The pattern parsed from the supported subset (or its ASCII approximation), drawing open
    /// classes from `format`'s alphabet; nil when neither parses.
    package static func regex(_ pattern: String, format: String?) -> RegexSubset? {
        let key = Key(pattern: pattern, format: format)
        if let known = cache.withLock({ $0[key] }) { return known }
        let alphabet = format.flatMap(FormatAlphabet.scalars) ?? RegexSubset.printable
        let parsed =
            (try? RegexSubset(pattern, alphabet: alphabet))
            ?? (try? RegexSubset(InstanceGenerator.approximated(pattern), alphabet: alphabet))
        cache.withLock {
            if $0.count >= 512 { $0.removeAll() }
            $0[key] = parsed
        }
        return parsed
    }
}
