package import JSONSchema

extension InstanceGenerator {
    /// The range of multipliers `k` for which `k × step` satisfies the numeric bounds.
    package struct NumberGrid: Sendable {
        var step: DecimalStep
        var range: ClosedRange<Int64>
    }

    /// Fine grids tried for `number` without `multipleOf`, coarse first (readable values first).
    private static let numberSteps: [DecimalStep] =
        [
            DecimalStep.one, DecimalStep(significand: 5, exponent: -1),
            DecimalStep(significand: 25, exponent: -2),
        ]
        + (2...9).map { DecimalStep(significand: 1, exponent: -$0) }

    /// The grids a number may be drawn from, for the constraints' bounds and `multipleOf`.
    package func numberGrids(_ constraints: Constraints, integer: Bool) throws(GenerationError)
        -> [NumberGrid]
    {
        if let plan = constraints.plan { return try (integer ? plan.integerGrids : plan.numberGrids).get() }
        return try computedNumberGrids(constraints, integer: integer)
    }

    func computedNumberGrids(_ constraints: Constraints, integer: Bool) throws(GenerationError)
        -> [NumberGrid]
    {
        let keywords = constraints.keywords
        var steps: [DecimalStep]
        if let multiple = keywords["multipleOf"] {
            guard let number = multiple.numberValue, !number.isNegative, number != JSONNumber(0),
                let step = DecimalStep(number)
            else {
                throw GenerationError(
                    .invalidSchema, at: constraints.location.appending("multipleOf"), "unsupported multipleOf"
                )
            }
            steps = [integer ? step.integralMultiple : step]
        } else {
            steps = integer ? [.one] : Self.numberSteps
        }
        let lower = Self.bound(keywords, inclusive: "minimum", exclusive: "exclusiveMinimum", lower: true)
        let upper = Self.bound(keywords, inclusive: "maximum", exclusive: "exclusiveMaximum", lower: false)
        if let lower, let upper,
            upper.value < lower.value || (upper.value == lower.value && (lower.open || upper.open))
        {
            throw GenerationError(.contradictory, at: constraints.location, "the numeric range is empty")
        }
        var grids: [NumberGrid] = []
        for step in steps {
            guard let range = Self.multipliers(step: step, lower: lower, upper: upper, integer: integer)
            else {
                continue
            }
            grids.append(NumberGrid(step: step, range: range))
        }
        guard !grids.isEmpty else {
            let magnitudes = [lower?.value, upper?.value].compactMap { $0?.doubleValue }
            if magnitudes.contains(where: { abs($0) >= 9.0e18 }) {
                throw GenerationError(
                    .exhausted, at: constraints.location, "numeric bounds beyond generator support")
            }
            throw GenerationError(
                .contradictory, at: constraints.location,
                "no \(integer ? "integer" : "number") fits the bounds and multipleOf")
        }
        return grids
    }

    package func randomNumber(_ constraints: Constraints, integer: Bool, rng: inout SeededRandom)
        throws(GenerationError)
        -> JSONNumber
    {
        let grids = try numberGrids(constraints, integer: integer)
        let choices = Array(grids.prefix(3))
        guard let grid = rng.element(of: choices), let value = grid.step.times(Self.spread(grid.range, &rng))
        else {
            throw GenerationError(
                .exhausted, at: constraints.location, "numeric range beyond generator support")
        }
        return value
    }

    /// A multiplier drawn from `range`: uniformly over a range of ordinary width, and over a range
    /// wider than 2^32 (`0...2^63`) at a magnitude drawn first, so values of every size are sent
    /// (9, 46046117, 9999999999999) and not only ones near the far end.
    static func spread(_ range: ClosedRange<Int64>, _ rng: inout SeededRandom) -> Int64 {
        let (width, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
        guard overflow || width > Int64(UInt32.max) else { return rng.int64(in: range) }
        let anchor = min(max(0, range.lowerBound), range.upperBound)
        var magnitude: Int64 = 1
        for _ in 0..<rng.int(in: 0...18) { magnitude *= 10 }
        let offset = rng.int64(in: 0...magnitude)
        let upward = anchor == range.lowerBound || (anchor != range.upperBound && rng.int(in: 0...1) == 0)
        let (moved, wrapped) =
            upward ? anchor.addingReportingOverflow(offset) : anchor.subtractingReportingOverflow(offset)
        if wrapped { return upward ? range.upperBound : range.lowerBound }
        return min(max(moved, range.lowerBound), range.upperBound)
    }

    package typealias Bound = (value: JSONNumber, open: Bool)

    package static func bound(_ keywords: JSONObject, inclusive: String, exclusive: String, lower: Bool)
        -> Bound?
    {
        let closed = keywords[inclusive]?.numberValue
        let open = keywords[exclusive]?.numberValue
        switch (closed, open) {
        case (let closed?, let open?):
            let openIsTighter = lower ? !(open < closed) : !(closed < open)
            return openIsTighter ? (open, true) : (closed, false)
        case (let closed?, nil): return (closed, false)
        case (nil, let open?): return (open, true)
        case (nil, nil): return nil
        }
    }

    /// The multipliers `k` with `k × step` inside the bounds; a window around the bounds (or zero)
    /// stands in for a missing side. Nil when the range is empty or too large to represent.
    ///
    /// A bound too far out to count in steps stands, for an integer, at the farthest multiplier an
    /// Int64 holds on its side (`maximum: 2^63` reaches 2^63 − 1, so the largest values are sent);
    /// for a number (OpenAPI's float range, ±3.4e38) on the far side of zero it is as good as no
    /// bound, and the window around zero lies inside it.
    package static func multipliers(step: DecimalStep, lower: Bound?, upper: Bound?, integer: Bool = true)
        -> ClosedRange<Int64>?
    {
        let unit = step.doubleValue
        let window = Int64(max(10, min(1_000_000, 1000 / unit)))
        func fitsLower(_ k: Int64) -> Bool {
            guard let lower else { return true }
            guard let value = step.times(k) else { return false }
            return lower.open ? lower.value < value : !(value < lower.value)
        }
        func fitsUpper(_ k: Int64) -> Bool {
            guard let upper else { return true }
            guard let value = step.times(k) else { return false }
            return upper.open ? value < upper.value : !(upper.value < value)
        }
        func fits(_ k: Int64) -> Bool { fitsLower(k) && fitsUpper(k) }
        func approximate(_ bound: JSONNumber, roundingUp: Bool) -> Int64? {
            if let exact = DecimalStep(bound).flatMap({
                $0.quotient(dividingBy: step, roundingUp: roundingUp)
            }) {
                return exact
            }
            let quotient = (bound.doubleValue / unit).rounded(roundingUp ? .up : .down)
            guard abs(quotient) < 4.0e15 else { return nil }
            return Int64(quotient)
        }
        let farthest = Int64.max / (step.significand > 0 ? step.significand : 1)
        func multiplier(_ bound: JSONNumber, roundingUp: Bool) -> Int64 {
            approximate(bound, roundingUp: roundingUp) ?? (bound.isNegative ? -farthest : farthest)
        }
        let lower = lower.flatMap {
            !integer && approximate($0.value, roundingUp: true) == nil && $0.value.isNegative ? nil : $0
        }
        let upper = upper.flatMap {
            !integer && approximate($0.value, roundingUp: false) == nil && !$0.value.isNegative ? nil : $0
        }
        var low: Int64 = -window
        var high: Int64
        if let lower {
            var k = multiplier(lower.value, roundingUp: true)
            for _ in 0..<4 where k < Int64.max && !fitsLower(k) { k += 1 }
            for _ in 0..<4 where k > Int64.min && fitsLower(k - 1) { k -= 1 }
            low = k
        } else if let upper {
            let (shifted, overflow) = multiplier(upper.value, roundingUp: false).subtractingReportingOverflow(
                window)
            low = min(-window, overflow ? Int64.min : shifted)
        }
        if let upper {
            var k = multiplier(upper.value, roundingUp: false)
            for _ in 0..<4 where k > Int64.min && !fitsUpper(k) { k -= 1 }
            for _ in 0..<4 where k < Int64.max && fitsUpper(k + 1) { k += 1 }
            high = k
        } else {
            high = max(window, low.addingReportingOverflow(window).overflow ? Int64.max : low + window)
        }
        guard low <= high, fits(low), fits(high) else { return nil }
        return low...high
    }
}
