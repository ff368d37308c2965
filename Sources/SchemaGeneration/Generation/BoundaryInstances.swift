public import JSONSchema

extension InstanceGenerator {
    /// Deterministic edge-case instances, most telling first, each valid for `schema`.
    ///
    /// Servers break at the edges rather than in the middle: empty and maximal strings, the exact
    /// bounds and the values just inside exclusive ones, every enum member, objects with only the
    /// required keys and with every key, empty and full arrays, astral and combining characters.
    /// Values are built without randomness (fixed seeds where a pattern needs one), checked against
    /// the schema, and duplicates are dropped; at most `limit` are returned.
    public func boundaryInstances(for schema: JSONValue, limit: Int) -> [JSONValue] {
        guard limit > 0, let constraints = try? flatten(schema, at: .root, hops: 0) else { return [] }
        var result: [JSONValue] = []
        let memo = VerdictMemo()
        for value in boundaries(constraints, depth: 0, decided: 0, memo: memo)
        where !result.contains(value) && matches(value, schema, memo: memo) {
            result.append(value)
            if result.count == limit { return result }
        }
        if result.isEmpty {
            var rng = SeededRandom(seed: 0)
            if let value = try? instance(for: schema, using: &rng) { result.append(value) }
        }
        return result
    }

    /// Candidate boundary values for one location (not yet filtered by the full schema).
    ///
    /// `memo` collects the verdicts of each level's filter, so that the filters of enclosing levels
    /// do not walk again into values already kept; `decided` counts the choices already resolved at
    /// this place. Past `GenerationLimits` the list is empty.
    package func boundaries(
        _ constraints: Constraints, depth: Int, decided: Int = 0, memo: VerdictMemo = VerdictMemo()
    )
        -> [JSONValue]
    {
        let cap = 24
        guard depth <= GenerationLimits.nesting else { return [] }
        if let choice = constraints.choices.first {
            guard decided < GenerationLimits.choices else { return [] }
            var rest = constraints
            rest.choices.removeFirst()
            var lists: [[JSONValue]] = []
            for (offset, branch) in choice.branches.enumerated() {
                guard let flat = try? flatten(branch, at: choice.location.appending(offset), hops: 0),
                    let merged = try? rest.merging(flat)
                else { continue }
                if depth >= configuration.maxDepth && Self.mentionsReference(branch) && !lists.isEmpty {
                    continue
                }
                lists.append(boundaries(merged, depth: depth, decided: decided + 1, memo: memo))
            }
            return Self.interleave(lists, cap: cap)
        }
        let schema = constraints.checkSchema
        if let options = constraints.keywords["enum"]?.arrayValue {
            return options.filter { matches($0, schema, at: constraints.location, memo: memo) }
        }
        guard var types = try? candidateTypes(constraints, depth: depth) else { return [] }
        types = Self.allTypes.filter { types.contains($0) }
        if depth >= configuration.maxDepth {
            let scalars = types.filter { $0 != "object" && $0 != "array" }
            if !scalars.isEmpty { types = scalars }
        }
        let lists = types.map { type -> [JSONValue] in
            let values: [JSONValue]
            switch type {
            case "null": values = [.null]
            case "boolean": values = [false, true]
            case "integer", "number": values = numberBoundaries(constraints, integer: type == "integer")
            case "string": values = stringBoundaries(constraints).map { .string($0) }
            case "array": values = arrayBoundaries(constraints, depth: depth, memo: memo)
            default: values = objectBoundaries(constraints, depth: depth, memo: memo)
            }
            return values.filter { value in
                guard matches(value, schema, at: constraints.location, memo: memo) else { return false }
                memo.recordValid(value, schema)
                return true
            }
        }
        return Self.interleave(lists, cap: cap)
    }

    /// Round-robin over the lists so every type and branch shows up early.
    package static func interleave(_ lists: [[JSONValue]], cap: Int) -> [JSONValue] {
        var result: [JSONValue] = []
        var index = 0
        while result.count < cap && lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count && !result.contains(list[index]) {
                result.append(list[index])
            }
            index += 1
        }
        return Array(result.prefix(cap))
    }

    private func numberBoundaries(_ constraints: Constraints, integer: Bool) -> [JSONValue] {
        guard let grids = try? numberGrids(constraints, integer: integer), let coarse = grids.first else {
            return []
        }
        var multipliers: [(DecimalStep, Int64)] = []
        let hasLower =
            constraints.keywords["minimum"] != nil || constraints.keywords["exclusiveMinimum"] != nil
        let hasUpper =
            constraints.keywords["maximum"] != nil || constraints.keywords["exclusiveMaximum"] != nil
        for grid in [coarse] + (integer ? [] : [grids[grids.count - 1]]) {
            let range = grid.range
            if hasLower || grid.step != coarse.step { multipliers.append((grid.step, range.lowerBound)) }
            if hasUpper || grid.step != coarse.step { multipliers.append((grid.step, range.upperBound)) }
        }
        for k: Int64 in [0, 1, -1, 2] where coarse.range.contains(k) { multipliers.append((coarse.step, k)) }
        // The width, not `count`: `0...Int64.max` has more elements than an Int counts.
        let (width, wide) = coarse.range.upperBound.subtractingReportingOverflow(coarse.range.lowerBound)
        if wide || width > 1 {
            multipliers.append((coarse.step, coarse.range.lowerBound + 1))
            multipliers.append((coarse.step, coarse.range.upperBound - 1))
        }
        if !integer, constraints.keywords["multipleOf"] == nil, let fine = grids.dropFirst().first,
            fine.range.contains(3)
        {
            multipliers.append((fine.step, 3))
        }
        // The bounds themselves, where the grid does not reach them (maximum 2^63, OpenAPI's
        // float range): the largest and smallest values allowed are sent as they are written.
        let exact = ["minimum", "maximum"].compactMap { keyword -> JSONValue? in
            constraints.keywords[keyword]?.numberValue.map { .number($0) }
        }
        let built = multipliers.compactMap { step, k in step.times(k).map { JSONValue.number($0) } }
        // Far values come right after the bounds: a body property or a parameter sees only its
        // first few boundaries at a small `--cases`, and the ends of the range are where servers
        // overflow (Prefect's `time_interval` of 9.3e18 seconds is a 500).
        let far: [JSONValue]
        if integer {
            far = farIntegers(step: coarse.step, range: coarse.range, hasLower, hasUpper).compactMap {
                step, k in
                step.times(k).map { JSONValue.number($0) }
            }
        } else {
            far = constraints.keywords["multipleOf"] != nil ? [] : farNumbers(hasLower, hasUpper)
        }
        return Array(built.prefix(2)) + exact + far + built.dropFirst(2)
    }

    /// Where a side of a `number` is unbounded, 2^63 and the largest double (and their negatives):
    /// valid values a window around zero never reaches, where a server's conversion to a 64-bit
    /// integer or a duration overflows (Prefect's `time_interval` of 9.3e18 seconds is a 500).
    private func farNumbers(_ hasLower: Bool, _ hasUpper: Bool) -> [JSONValue] {
        let magnitudes = ["9223372036854775808", "1.7976931348623157e308"]
        let above = hasUpper ? [] : magnitudes
        let below = hasLower ? [] : magnitudes.map { "-" + $0 }
        return (above + below).compactMap { JSONNumber(parsing: $0).map(JSONValue.number) }
    }

    /// Where a side is unbounded, the integers just past `Int32` and at the ends of `Int64`: the
    /// values a window around zero never reaches, and where a model's narrowing conversion
    /// (`Int32(id)`) or arithmetic traps. They are valid, and every `Int` holds them, so a correct
    /// model decodes them. Each is moved onto the `multipleOf` grid, toward zero.
    private func farIntegers(step: DecimalStep, range: ClosedRange<Int64>, _ hasLower: Bool, _ hasUpper: Bool)
        -> [(DecimalStep, Int64)]
    {
        let above: [Int64] = hasUpper ? [] : [Int64(Int32.max) + 1, Int64.max]
        let below: [Int64] = hasLower ? [] : [Int64(Int32.min) - 1, Int64.min]
        return (above + below).compactMap { value in
            guard
                let k = DecimalStep(significand: value, exponent: 0).quotient(
                    dividingBy: step, roundingUp: value < 0),
                value > 0 ? k > range.upperBound : k < range.lowerBound
            else { return nil }
            return (step, k)
        }
    }

    private func stringBoundaries(_ constraints: Constraints) -> [String] {
        guard let (minimum, maximum) = try? lengthRange(constraints) else { return [] }
        let format = constraints.keywords["format"]?.stringValue
        if constraints.keywords["pattern"] != nil || format.map(FormatValues.supported.contains) == true {
            var values = format.map(FormatValues.boundaries) ?? []
            var built: [String] = []
            for seed in 0..<4 {
                var rng = SeededRandom(seed: UInt64(seed))
                if let text = try? randomString(constraints, rng: &rng) { built.append(text) }
            }
            values += built
            if let pattern = constraints.keywords["pattern"]?.stringValue {
                values += Self.framed(built, pattern: pattern, minimum: minimum, maximum: maximum)
            }
            return values
        }
        func padded(_ text: String) -> String {
            let count = text.unicodeScalars.count
            return count >= minimum ? text : text + String(repeating: "a", count: minimum - count)
        }
        var values = [String(repeating: "a", count: minimum)]
        if let maximum, maximum <= configuration.longStringLength {
            values.append(String(repeating: "z", count: maximum))
        }
        values += [padded("😀𝄞"), padded("e\u{301}"), padded("Ünïcödé ✓"), padded(" leading and trailing ")]
        values += [padded("quote\" backslash\\ slash/"), padded("line\nbreak\ttab"), padded("\u{0}")]
        if maximum.map({ $0 >= configuration.longStringLength }) ?? true {
            values.append(String(repeating: "x", count: max(minimum, configuration.longStringLength)))
        }
        return values
    }

    /// Text a pattern leaves free around what it asks for: a JSON Schema `pattern` is found
    /// anywhere in the string unless anchored, so `^"([0-9]+?)"$|\*` allows `*"0"` and `a*`, and
    /// servers that read the value by a stricter rule than the one they publish fail on them.
    private static let frames = ["\"0\"", " ", ",", "\"", "'", "é", "*", "\\", "<a>", "%", ";q=0"]

    /// `texts` with unusual characters before, after and around them, where the pattern still
    /// matches and the length fits, each once.
    private static func framed(_ texts: [String], pattern: String, minimum: Int, maximum: Int?) -> [String] {
        var values: [String] = []
        for (index, text) in texts.prefix(2).enumerated() {
            for offset in 0..<frames.count {
                let frame = frames[(offset + index * 3) % frames.count]
                for candidate in [text + frame, frame + text, frame + text + frame] {
                    let count = candidate.unicodeScalars.count
                    guard count >= minimum, count <= (maximum ?? Int.max), !values.contains(candidate),
                        !texts.contains(candidate),
                        PatternMatcher.matches(candidate, pattern: pattern) == true
                    else { continue }
                    values.append(candidate)
                    if values.count == 6 { return values }
                }
            }
        }
        return values
    }
}
