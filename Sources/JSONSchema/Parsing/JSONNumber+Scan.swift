/// Reading a number literal straight from the input's bytes into its exact, canonical value: digit
/// runs are found and summed a word at a time (`ASCIIDigits`), and up to 18 significant digits
/// never become text or an array.
extension JSONNumber {
    /// The exponent a literal whose exponent has more than 18 digits is read with.
    static let clampedExponent = 500_000_000_000_000_000

    /// Where the parts of a number literal lie in the input.
    private struct Literal {
        var negative: Bool
        var integer: Range<Int>
        var fraction: Range<Int>
        var exponent: Int
        var end: Int
    }

    /// Scans a JSON number literal starting at `start`; returns the number and the index after it,
    /// or nil when the text there is not a valid literal.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (number: JSONNumber, end: Int)?
    {
        guard let literal = locate(bytes, from: start) else { return nil }
        return (number(of: literal, in: bytes), literal.end)
    }

    /// The parts of the literal at `start`, or nil when it is not one (`01`, `1.`, `-`, `1e+`).
    private static func locate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Literal? {
        var index = start
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerDigits = ASCIIDigits.run(in: bytes, from: index)
        // One digit at least, and no leading zero before another digit.
        guard integerDigits > 0, integerDigits == 1 || bytes[index] != UInt8(ascii: "0") else { return nil }
        let integer = index..<(index + integerDigits)
        index = integer.upperBound
        var fraction = index..<index
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            let digits = ASCIIDigits.run(in: bytes, from: index + 1)
            guard digits > 0 else { return nil }
            fraction = (index + 1)..<(index + 1 + digits)
            index = fraction.upperBound
        }
        var exponent = 0
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            guard let written = scanExponent(bytes, from: index + 1) else { return nil }
            exponent = written.value
            index = written.end
        }
        return Literal(
            negative: negative, integer: integer, fraction: fraction, exponent: exponent, end: index)
    }

    /// The exponent after `e`: an optional sign and digits, exact up to 18 digits.
    private static func scanExponent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
        value: Int, end: Int
    )? {
        var index = start
        var negative = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count, bytes[index] &- 48 < 10 else { return nil }
        var exponent = 0
        var clamped = false
        while index < bytes.count && bytes[index] &- 48 < 10 {
            if exponent < 100_000_000_000_000_000 {
                exponent = exponent * 10 + Int(bytes[index] - 48)
            } else {
                clamped = true
            }
            index += 1
        }
        // An exponent of up to 18 digits is exact. A longer one only ever means zero or an
        // overwhelming magnitude, so it is clamped to 5 × 10^17: far enough below the exact
        // range that the number's text (`description`) reads back as the same number.
        if clamped { exponent = Self.clampedExponent }
        return (negative ? -exponent : exponent, index)
    }

    /// The canonical number of a located literal.
    private static func number(of literal: Literal, in bytes: UnsafeBufferPointer<UInt8>) -> JSONNumber {
        let integerDigits = literal.integer.count
        let fractionDigits = literal.fraction.count
        // Fast path: a plain integer of up to 18 digits.
        if fractionDigits == 0 && literal.exponent == 0 && integerDigits <= 18 {
            let value = Int64(
                ASCIIDigits.accumulate(0, bytes, from: literal.integer.lowerBound, count: integerDigits))
            return JSONNumber(storage: .int(literal.negative ? -value : value))
        }
        if integerDigits + fractionDigits <= 18 && literal.exponent > -1_000_000
            && literal.exponent < 1_000_000
        {
            return decimal(
                bytes, integer: literal.integer, fraction: literal.fraction, negative: literal.negative,
                exponent: literal.exponent)
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(integerDigits + fractionDigits)
        digits.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[literal.integer]))
        if fractionDigits > 0 {
            digits.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[literal.fraction]))
        }
        return JSONNumber(
            negative: literal.negative, digits: digits, exponent: literal.exponent - fractionDigits)
    }

    /// The canonical number for at most 18 significant digits, without the digit array of
    /// `init(negative:digits:exponent:)`: prices such as `12.50` are the common non-integer case and
    /// would otherwise cost several allocations each. Gives exactly the storage that initializer does.
    private static func decimal(
        _ bytes: UnsafeBufferPointer<UInt8>, integer: Range<Int>, fraction: Range<Int>, negative: Bool,
        exponent: Int
    ) -> JSONNumber {
        let digits = ASCIIDigits.accumulate(0, bytes, from: integer.lowerBound, count: integer.count)
        var significand = Int64(
            ASCIIDigits.accumulate(digits, bytes, from: fraction.lowerBound, count: fraction.count))
        if significand == 0 { return JSONNumber(storage: .int(0)) }
        var power = exponent - fraction.count
        while significand % 10 == 0 {
            significand /= 10
            power += 1
        }
        if power >= 0 {
            var value = significand
            var fits = true
            for _ in 0..<min(power, 19) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow {
                    fits = false
                    break
                }
                value = product
            }
            if fits && power <= 19 { return JSONNumber(storage: .int(negative ? -value : value)) }
        }
        return JSONNumber(
            storage: .decimal(significand: negative ? -significand : significand, exponent: power))
    }
}
