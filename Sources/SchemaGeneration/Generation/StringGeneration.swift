package import JSONSchema

extension InstanceGenerator {
    /// `minLength...maxLength` in code points, as JSON Schema counts them.
    package func lengthRange(_ constraints: Constraints) throws(GenerationError) -> (min: Int, max: Int?) {
        if let plan = constraints.plan {
            let range = try plan.length.get()
            return (range.min, range.max)
        }
        return try computedLengthRange(constraints)
    }

    func computedLengthRange(_ constraints: Constraints) throws(GenerationError) -> (min: Int, max: Int?) {
        let minimum = max(0, constraints.keywords["minLength"]?.intValue ?? 0)
        let maximum = constraints.keywords["maxLength"]?.intValue
        if let maximum, maximum < minimum {
            throw GenerationError(
                .contradictory, at: constraints.location, "maxLength \(maximum) < minLength \(minimum)")
        }
        return (minimum, maximum)
    }

    package func randomString(_ constraints: Constraints, rng: inout SeededRandom) throws(GenerationError)
        -> String
    {
        let (minimum, maximum) = try lengthRange(constraints)
        let fits: (String) -> Bool = { text in
            let count = text.unicodeScalars.count
            return count >= minimum && count <= (maximum ?? Int.max)
        }
        let pattern = constraints.plan.map(\.pattern) ?? constraints.keywords["pattern"]?.stringValue
        let format = constraints.plan.map(\.format) ?? constraints.keywords["format"]?.stringValue
        if let format, FormatValues.supported.contains(format) {
            let accepts: (String) -> Bool = { text in
                fits(text) && pattern.map({ PatternMatcher.matches(text, pattern: $0) == true }) ?? true
            }
            // A pattern narrower than the format's own shapes (`^https?://[^/]+/images/[^/]+$` for a
            // uri): build from the pattern and keep what the format also accepts.
            if let pattern, let formatCheck = Self.formatSchemas[format] {
                let alsoFormatted: (String) -> Bool = { text in
                    fits(text)
                        && (FormatAlphabet.isPlainURL(text, format: format)
                            || formatCheck.isValid(.string(text)))
                }
                if let text = try? patternString(
                    pattern, format: format, constraints, fits: alsoFormatted, minimum: minimum, rng: &rng)
                {
                    return text
                }
            }
            for _ in 0..<32 {
                if let text = FormatValues.random(format, using: &rng), accepts(text) { return text }
            }
            if let text = FormatValues.boundaries(format).first(where: accepts) { return text }
            // A value that only looks like the format would fail servers that check formats.
            throw GenerationError(
                .exhausted, at: constraints.location.appending("format"),
                "no \(format) value fits the length and pattern constraints")
        }
        if let pattern {
            return try patternString(
                pattern, format: nil, constraints, fits: fits, minimum: minimum, rng: &rng)
        }
        let upper = min(maximum ?? Int.max, max(minimum, configuration.maxStringLength))
        return Self.plainString(length: rng.int(in: minimum...upper), rng: &rng)
    }

    /// Schemas asserting only `format`, compiled once, to check pattern-built candidates with the
    /// validator's own format rules.
    package static let formatSchemas: [String: Schema] = {
        var schemas: [String: Schema] = [:]
        for format in FormatValues.supported {
            let schema: JSONValue = .object(JSONObject([("format", .string(format))]))
            schemas[format] = try? Schema(schema, options: SchemaOptions(assertsFormats: true))
        }
        return schemas
    }()

    /// Letters and digits first (the ends of a string draw from those only), then space, `_`, `-`.
    private static let plainAlphabet = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-".utf8)

    package static func plainString(length: Int, rng: inout SeededRandom) -> String {
        guard length > 0 else { return "" }
        let alphabet = plainAlphabet
        return String(unsafeUninitializedCapacity: length) { buffer in
            for index in 0..<length {
                let limit = index == 0 || index == length - 1 ? 61 : alphabet.count - 1
                buffer[index] = alphabet[rng.int(in: 0...limit)]
            }
            return length
        }
    }

    /// A string matching `pattern`: built from the regex subset when possible, padded on unanchored
    /// sides to reach `minLength`, and otherwise chosen among fallback candidates; always verified.
    /// With a `format`, the pattern's open classes draw from what the format accepts.
    private func patternString(
        _ pattern: String, format: String?, _ constraints: Constraints, fits: (String) -> Bool, minimum: Int,
        rng: inout SeededRandom
    ) throws(GenerationError) -> String {
        let location = constraints.location.appending("pattern")
        guard PatternMatcher.matches("", pattern: pattern) != nil else {
            throw GenerationError(
                .unsatisfiablePattern, at: location, "the pattern does not compile: \(pattern)")
        }
        if let regex = PatternPlans.regex(pattern, format: format) {
            for attempt in 0..<40 {
                var text = regex.generate(using: &rng, extra: attempt < 20 ? 3 : max(3, minimum))
                let missing = minimum - text.unicodeScalars.count
                if missing > 0 && !regex.anchoredAtEnd {
                    text += Self.plainString(length: missing, rng: &rng).replacing(" ", with: "x")
                } else if missing > 0 && !regex.anchoredAtStart {
                    text = Self.plainString(length: missing, rng: &rng).replacing(" ", with: "x") + text
                }
                if fits(text) && PatternMatcher.matches(text, pattern: pattern) == true { return text }
            }
        }
        for text in Self.patternCandidates(minimum: minimum, rng: &rng) where fits(text) {
            if PatternMatcher.matches(text, pattern: pattern) == true { return text }
        }
        throw GenerationError(
            .unsatisfiablePattern, at: location,
            "no string of the allowed length matching \(pattern) was found")
    }

    /// The pattern with common Unicode property classes narrowed to ASCII and word boundaries
    /// dropped; strings generated from it are still checked against the original.
    package static func approximated(_ pattern: String) -> String {
        let replacements = [
            ("\\p{Lu}", "[A-Z]"), ("\\p{Ll}", "[a-z]"), ("\\p{L}", "[a-zA-Z]"), ("\\p{N}", "[0-9]"),
            ("\\p{Nd}", "[0-9]"), ("\\b", ""),
        ]
        return replacements.reduce(pattern) { $0.replacing($1.0, with: $1.1) }
    }

    private static func patternCandidates(minimum: Int, rng: inout SeededRandom) -> [String] {
        var candidates = [
            "", "a", "A", "0", "1", "abc", "ABC", "123", "a1", "A1", "test", "Test1", "Test", "Hello", "Abc",
            "x-y", "a_b", "a.b",
        ]
        for format in ["uuid", "date", "date-time", "email", "uri", "ipv4", "hostname"] {
            candidates += FormatValues.boundaries(format)
        }
        for length in [minimum, minimum + 1, 8, 16] {
            candidates.append(String(repeating: "a", count: length))
            candidates.append(String(repeating: "A", count: length))
            candidates.append(String(repeating: "0", count: length))
            candidates.append(plainString(length: length, rng: &rng))
        }
        return candidates
    }
}
