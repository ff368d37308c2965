extension ECMARegex {
    /// The largest count a plain pattern's `{n,m}` may name.
    static let plainCountLimit = 1000

    /// Whether `source` keeps to syntax on which ICU accepts (after `translate`) every pattern
    /// `RegexParser` parses, so that compiling it with ICU only to learn that it is valid can be
    /// skipped.
    ///
    /// ECMA-262 and ICU part ways at a few places, where `RegexParser` reads what ICU rejects: a
    /// brace that starts no quantifier (`a{`, `}`), counts past ICU's bounds, `\0`, named groups
    /// (ICU wants letters and digits, each name once), `[]` and `[^]` (ICU reads them apart),
    /// `[:` (a POSIX class to ICU), `&` and doubled `-`, `~`, `|` in a class (ICU's set
    /// operators) and `\b` in a class. A pattern with any of them is compiled by ICU as before.
    /// A seeded test checks thousands of random patterns against ICU (`ECMARegexPlainTests`).
    static func isPlainForICU(_ source: String) -> Bool {
        let scalars = Array(source.unicodeScalars)
        var index = 0
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count, scalars[index] != "0", !(inClass && scalars[index] == "b") else {
                    return false
                }
                index += 1
            case "[" where !inClass:
                inClass = true
                if index < scalars.count && scalars[index] == "^" { index += 1 }
                guard index < scalars.count, scalars[index] != "]", scalars[index] != ":" else {
                    return false
                }
            case "]" where inClass:
                inClass = false
            case "&" where inClass:
                return false
            case "-", "~",
                "|" where inClass:
                if index < scalars.count && scalars[index] == scalar { return false }
            case "(" where !inClass:
                if index + 1 < scalars.count && scalars[index] == "?" && scalars[index + 1] == "<" {
                    return false
                }
            case "{" where !inClass:
                guard let end = quantifierEnd(scalars, from: index) else { return false }
                index = end
            case "}" where !inClass:
                return false
            default:
                break
            }
        }
        return true
    }

    /// The index after the `n}`, `n,}` or `n,m}` of a quantifier from `start` (counts up to
    /// `plainCountLimit`, `n` at most `m`), or nil.
    private static func quantifierEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        func count() -> Int? {
            var value = 0
            let first = index
            while index < scalars.count, let digit = scalars[index].asciiDigit {
                value = value * 10 + digit
                guard value <= plainCountLimit else { return nil }
                index += 1
            }
            return index > first ? value : nil
        }
        guard let low = count() else { return nil }
        if index < scalars.count && scalars[index] == "," {
            index += 1
            if index < scalars.count && scalars[index] != "}" {
                guard let high = count(), high >= low else { return nil }
            }
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        return index + 1
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII digit, else nil.
    fileprivate var asciiDigit: Int? {
        ("0"..."9").contains(self) ? Int(value) - 48 : nil
    }
}
