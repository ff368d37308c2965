/// A JSON number literal read straight from its bytes as `significand × 10^exponent`, for the
/// numeric keywords on the tape: plain integers and short decimals (at most 18 significant digits,
/// an exponent within ±100,000) need no `JSONNumber` and no text conversion.
///
/// The form is canonical (no trailing zeros in the significand, zero is `0 × 10^0` and not
/// negative), so comparisons only align exponents. Anything longer reads as nil and the caller takes
/// the exact `JSONNumber` path, so the answers are always the evaluator's.
struct DecimalLiteral: Equatable, Sendable {
    var negative: Bool
    var significand: UInt64
    var exponent: Int

    /// The most significant digits a literal may carry (below 10^18, so one more shift by ten fits).
    static let maximumDigits = 18
    static let maximumExponent = 100_000

    init(negative: Bool, significand: UInt64, exponent: Int) {
        var significand = significand
        var exponent = exponent
        if significand == 0 {
            self.negative = false
            self.significand = 0
            self.exponent = 0
            return
        }
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        self.negative = negative
        self.significand = significand
        self.exponent = exponent
    }

    /// A schema's bound as a literal, or nil when its significand is too long.
    init?(_ number: JSONNumber) {
        switch number.storage {
        case .int(let value):
            self.init(negative: value < 0, significand: value.magnitude, exponent: 0)
        case .decimal(let significand, let exponent):
            guard exponent.magnitude <= Self.maximumExponent.magnitude else { return nil }
            self.init(negative: significand < 0, significand: significand.magnitude, exponent: exponent)
        case .big:
            return nil
        }
        guard Self.digitCount(significand) <= Self.maximumDigits else { return nil }
    }

    /// Reads the literal of `length` bytes at `start` (a scanned, hence valid, JSON number), its
    /// digit runs eight bytes at a time (`ASCIIDigits`).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> DecimalLiteral? {
        let end = start + length
        let negative = bytes[start] == UInt8(ascii: "-")
        let integer = negative ? start + 1 : start
        var integerEnd = integer + ASCIIDigits.run(in: bytes, from: integer)
        var fraction = integerEnd
        var fractionEnd = integerEnd
        if integerEnd < end && bytes[integerEnd] == UInt8(ascii: ".") {
            fraction = integerEnd + 1
            fractionEnd = fraction + ASCIIDigits.run(in: bytes, from: fraction)
        }
        var exponent = fraction - fractionEnd
        if fractionEnd < end {
            guard let written = self.exponent(bytes, from: fractionEnd + 1, to: end) else { return nil }
            exponent += written
        }
        // Leading zeros are not significant: `0.0042` has two digits.
        if bytes[integer] == UInt8(ascii: "0") {
            integerEnd = integer
            while fraction < fractionEnd && bytes[fraction] == UInt8(ascii: "0") { fraction += 1 }
        }
        guard (integerEnd - integer) + (fractionEnd - fraction) <= maximumDigits else { return nil }
        var significand = ASCIIDigits.accumulate(0, bytes, from: integer, count: integerEnd - integer)
        significand = ASCIIDigits.accumulate(
            significand, bytes, from: fraction, count: fractionEnd - fraction)
        return DecimalLiteral(negative: negative, significand: significand, exponent: exponent)
    }

    /// Reads a plain integer literal (a number entry whose flag is set: at most 18 digits, no
    /// fraction, no exponent), which needs none of `read`'s searching for a point or an exponent.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> DecimalLiteral {
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = negative ? start + 1 : start
        let significand = ASCIIDigits.accumulate(0, bytes, from: digits, count: start + length - digits)
        return DecimalLiteral(negative: negative, significand: significand, exponent: 0)
    }

    /// The signed exponent written after `e` (from the sign or first digit to `end`), or nil past
    /// `maximumExponent`.
    private static func exponent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var written = 0
        while index < end {
            written = written * 10 + Int(bytes[index] &- 48)
            guard written <= maximumExponent else { return nil }
            index += 1
        }
        return negative ? -written : written
    }

    /// Whether the value is an integer (`1.0` and `1e2` are).
    var isInteger: Bool { exponent >= 0 }

    /// Negative, zero or positive as `lhs` is below, equal to or above `rhs`.
    static func compare(_ lhs: DecimalLiteral, _ rhs: DecimalLiteral) -> Int {
        if lhs.significand == 0 || rhs.significand == 0 {
            if lhs.significand == rhs.significand { return 0 }
            if lhs.significand == 0 { return rhs.negative ? 1 : -1 }
            return lhs.negative ? -1 : 1
        }
        if lhs.negative != rhs.negative { return lhs.negative ? -1 : 1 }
        let magnitude = compareMagnitude(lhs, rhs)
        return lhs.negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ lhs: DecimalLiteral, _ rhs: DecimalLiteral) -> Int {
        let leftDigits = digitCount(lhs.significand)
        let rightDigits = digitCount(rhs.significand)
        let leftLead = leftDigits + lhs.exponent
        let rightLead = rightDigits + rhs.exponent
        if leftLead != rightLead { return leftLead < rightLead ? -1 : 1 }
        // Same leading position: the side with the larger exponent has fewer digits, and shifted
        // to the other's exponent it has as many (at most 18), so the product fits.
        var left = lhs.significand
        var right = rhs.significand
        if lhs.exponent > rhs.exponent {
            left *= ASCIIDigits.power(lhs.exponent - rhs.exponent)
        } else if rhs.exponent > lhs.exponent {
            right *= ASCIIDigits.power(rhs.exponent - lhs.exponent)
        }
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    /// Whether `self` is an integer multiple of the positive `divisor`; nil when the divisor shifted
    /// to this literal's exponent would not fit 64 bits (the caller decides exactly).
    func isMultiple(of divisor: DecimalLiteral) -> Bool? {
        if significand == 0 { return true }
        if divisor.significand == 0 || divisor.negative { return false }
        if divisor.exponent > exponent {
            // self / divisor = significand / (divisor.significand × 10^shift).
            let shift = divisor.exponent - exponent
            guard shift <= Self.maximumDigits else { return nil }
            let (modulus, overflow) = divisor.significand.multipliedReportingOverflow(
                by: ASCIIDigits.power(shift))
            if overflow { return nil }
            return significand % modulus == 0
        }
        let modulus = divisor.significand
        if modulus == 1 { return true }
        let shift = exponent - divisor.exponent
        let scaled = ModularArithmetic.multiply(
            significand % modulus, ModularArithmetic.power(10, shift, modulo: modulus), modulo: modulus)
        return scaled == 0
    }

    static func digitCount(_ value: UInt64) -> Int { ASCIIDigits.count(value) }
}
