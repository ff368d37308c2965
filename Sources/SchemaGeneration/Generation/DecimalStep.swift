package import JSONSchema

/// A positive decimal `significand × 10^exponent`, the grid that generated numbers sit on.
///
/// Every generated number is `k × step` for an integer `k`, built exactly from decimal text, so
/// `multipleOf: 0.01` yields `19.99` rather than a binary approximation that fails the check.
package struct DecimalStep: Sendable, Equatable {
    package var significand: Int64
    package var exponent: Int

    package init(significand: Int64, exponent: Int) {
        var significand = significand
        var exponent = exponent
        while significand != 0 && significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        self.significand = significand
        self.exponent = exponent
    }

    /// The exact decimal of `number`, or nil when it has more than 18 significant digits.
    package init?(_ number: JSONNumber) {
        let text = number.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let power = Int(text[text.index(after: e)...].replacing("+", with: "")) else { return nil }
            exponent = power
            mantissa = text[..<e]
        }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        var digits = ""
        if let dot = mantissa.firstIndex(of: ".") {
            let fraction = mantissa[mantissa.index(after: dot)...]
            digits = String(mantissa[..<dot]) + fraction
            exponent -= fraction.count
        } else {
            digits = String(mantissa)
        }
        let trimmed = digits.drop { $0 == "0" }
        guard trimmed.count <= 18, let value = Int64(trimmed.isEmpty ? "0" : String(trimmed)) else {
            return nil
        }
        self.init(significand: negative ? -value : value, exponent: exponent)
    }

    package static let one = DecimalStep(significand: 1, exponent: 0)

    package var doubleValue: Double {
        var value = Double(significand)
        if exponent >= 0 {
            for _ in 0..<min(exponent, 400) { value *= 10 }
        } else {
            for _ in 0..<min(-exponent, 400) { value /= 10 }
        }
        return value
    }

    /// `k × self` as an exact JSON number; nil on overflow.
    package func times(_ k: Int64) -> JSONNumber? {
        let (product, overflow) = significand.multipliedReportingOverflow(by: k)
        guard !overflow else { return nil }
        return JSONNumber(parsing: exponent == 0 ? "\(product)" : "\(product)e\(exponent)")
    }

    /// The smallest positive multiple of `self` that is an integer (for `integer` with a fractional
    /// `multipleOf`, such as 2.5 → 5).
    package var integralMultiple: DecimalStep {
        guard exponent < 0 else { return self }
        var power: Int64 = 1
        for _ in 0..<min(-exponent, 18) { power *= 10 }
        let divisor = Self.gcd(abs(significand), power)
        return DecimalStep(significand: abs(significand) / divisor, exponent: 0)
    }

    package static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}

extension DecimalStep {
    /// `self + other`, exactly; nil on overflow.
    package func adding(_ other: DecimalStep) -> DecimalStep? {
        let exponent = min(self.exponent, other.exponent)
        guard let a = Self.scale(significand, by: self.exponent - exponent),
            let b = Self.scale(other.significand, by: other.exponent - exponent)
        else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : DecimalStep(significand: sum, exponent: exponent)
    }

    /// `self ÷ divisor` rounded up or down to an integer, exactly; nil on overflow or for a
    /// non-positive divisor.
    package func quotient(dividingBy divisor: DecimalStep, roundingUp: Bool) -> Int64? {
        guard divisor.significand > 0 else { return nil }
        let shift = exponent - divisor.exponent
        let numerator = shift >= 0 ? Self.scale(significand, by: shift) : significand
        let denominator = shift >= 0 ? divisor.significand : Self.scale(divisor.significand, by: -shift)
        guard let numerator, let denominator else { return nil }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        if remainder == 0 { return quotient }
        if roundingUp { return remainder > 0 ? quotient + 1 : quotient }
        return remainder < 0 ? quotient - 1 : quotient
    }

    package func negated() -> DecimalStep { DecimalStep(significand: -significand, exponent: exponent) }

    /// Half of the value, exactly (`5 × significand × 10^(exponent-1)`); nil on overflow.
    package func halved() -> DecimalStep? {
        let (product, overflow) = significand.multipliedReportingOverflow(by: 5)
        return overflow ? nil : DecimalStep(significand: product, exponent: exponent - 1)
    }

    package var number: JSONNumber? { times(1) }

    private static func scale(_ value: Int64, by power: Int) -> Int64? {
        var result = value
        for _ in 0..<power {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = product
        }
        return result
    }
}
