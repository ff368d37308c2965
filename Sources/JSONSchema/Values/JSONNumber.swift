/// An exact JSON number.
///
/// JSON numbers are decimal literals of any size. Converting them to `Double` loses integers beyond
/// 2^53 and turns `0.1` into a binary approximation, which makes `multipleOf: 0.01` reject prices such
/// as `19.99`. `JSONNumber` keeps the decimal value exactly, in a canonical form, so that `1.0 == 1`
/// (an integer, as JSON Schema says) and comparisons and `multipleOf` behave as a person expects.
///
/// ```swift
/// JSONNumber(parsing: "1.0")?.isInteger      // true
/// JSONNumber(parsing: "19.99")!.isMultiple(of: JSONNumber(parsing: "0.01")!)  // true
/// ```
public struct JSONNumber: Sendable, Hashable {
    /// The canonical representation: the value is `significand × 10^exponent`.
    @usableFromInline
    enum Storage: Sendable, Hashable {
        /// An integral value that fits `Int64` (the common case, kept allocation-free).
        case int(Int64)
        /// A non-integral value, or an integral one beyond `Int64`, whose significand fits `Int64`;
        /// the significand has no trailing zeros.
        case decimal(significand: Int64, exponent: Int)
        /// Anything larger: ASCII digits without leading or trailing zeros.
        case big(negative: Bool, digits: [UInt8], exponent: Int)
    }

    @usableFromInline
    let storage: Storage

    @inlinable
    init(storage: Storage) { self.storage = storage }

    /// An integer value.
    @inlinable
    public init(_ value: Int) { storage = .int(Int64(value)) }

    /// An integer value.
    @inlinable
    public init(_ value: Int64) { storage = .int(value) }

    /// The exact decimal value of the shortest text that round-trips `value`; nil for NaN or infinity,
    /// which JSON cannot represent.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 9.0e18 {
            storage = .int(Int64(value))
            return
        }
        guard let parsed = JSONNumber(parsing: "\(value)") else { return nil }
        self = parsed
    }

    /// Parses JSON number text (`-12.5e3`); nil when it is not a JSON number literal.
    public init?(parsing text: String) {
        var text = text
        let result: JSONNumber? = text.withUTF8 { buffer in
            JSONNumber.scan(buffer, from: 0).flatMap { $0.end == buffer.count ? $0.number : nil }
        }
        guard let result else { return nil }
        self = result
    }

    /// Builds the canonical number from decimal digits (no sign), a sign, and a power of ten.
    /// Leading and trailing zeros in `digits` are allowed; they are removed here.
    init(negative: Bool, digits: some Collection<UInt8>, exponent: Int) {
        var slice = Array(digits.drop(while: { $0 == UInt8(ascii: "0") }))
        var exponent = exponent
        while let last = slice.last, last == UInt8(ascii: "0") {
            slice.removeLast()
            exponent += 1
        }
        if slice.isEmpty {
            storage = .int(0)
            return
        }
        // Integral values that fit Int64 are always `.int`, whatever their spelling (`1.0`, `1e2`).
        if exponent >= 0 && slice.count + exponent <= 19 {
            var value: Int64 = 0
            var fits = true
            for digit in slice + Array(repeating: UInt8(ascii: "0"), count: exponent) {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) =
                    negative
                    ? shifted.subtractingReportingOverflow(Int64(digit &- 48))
                    : shifted.addingReportingOverflow(Int64(digit &- 48))
                if o1 || o2 {
                    fits = false
                    break
                }
                value = next
            }
            if fits {
                storage = .int(value)
                return
            }
        }
        if slice.count <= 18 {
            var significand: Int64 = 0
            for digit in slice { significand = significand &* 10 &+ Int64(digit &- 48) }
            storage = .decimal(significand: negative ? -significand : significand, exponent: exponent)
            return
        }
        storage = .big(negative: negative, digits: slice, exponent: exponent)
    }

    /// Whether the value is mathematically an integer (`1.0` is; `1.5` is not).
    public var isInteger: Bool {
        switch storage {
        case .int: return true
        case .decimal(_, let exponent): return exponent >= 0
        case .big(_, _, let exponent): return exponent >= 0
        }
    }

    /// The value as `Int` when it is an integer that fits.
    public var intValue: Int? {
        if case .int(let value) = storage { return Int(exactly: value) }
        return nil
    }

    /// The nearest `Double`; huge magnitudes become infinity.
    public var doubleValue: Double {
        switch storage {
        case .int(let value): return Double(value)
        case .decimal(let significand, let exponent):
            if exponent >= -22 && exponent <= 22 && abs(significand) < (1 << 53) {
                let scale = Self.exactPowersOfTen[abs(exponent)]
                return exponent < 0 ? Double(significand) / scale : Double(significand) * scale
            }
            return Double(description) ?? .nan
        case .big:
            return Double(description) ?? .nan
        }
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// Whether the value is below zero.
    public var isNegative: Bool {
        switch storage {
        case .int(let value): return value < 0
        case .decimal(let significand, _): return significand < 0
        case .big(let negative, _, _): return negative
        }
    }

    /// The general form used by the exact slow paths: sign, significant digits, power of ten.
    var parts: (negative: Bool, digits: [UInt8], exponent: Int) {
        switch storage {
        case .int(let value):
            if value == 0 { return (false, [], 0) }
            return Self.parts(of: value, exponent: 0)
        case .decimal(let significand, let exponent):
            return Self.parts(of: significand, exponent: exponent)
        case .big(let negative, let digits, let exponent):
            return (negative, digits, exponent)
        }
    }

    private static func parts(of value: Int64, exponent: Int) -> (Bool, [UInt8], Int) {
        var digits = Array(String(value.magnitude).utf8)
        var exponent = exponent
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        return (value < 0, digits, exponent)
    }
}

extension JSONNumber: Comparable {
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if case .int(let a) = lhs.storage, case .int(let b) = rhs.storage { return a < b }
        return compare(lhs, rhs) < 0
    }

    /// Exact three-way comparison: negative, zero or positive as `lhs` is below, equal to or above `rhs`.
    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        let a = lhs.parts
        let b = rhs.parts
        let aZero = a.digits.isEmpty
        let bZero = b.digits.isEmpty
        if aZero && bZero { return 0 }
        if aZero { return b.negative ? 1 : -1 }
        if bZero { return a.negative ? -1 : 1 }
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = compareMagnitude(a.digits, a.exponent, b.digits, b.exponent)
        return a.negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: [UInt8], _ ea: Int, _ b: [UInt8], _ eb: Int) -> Int {
        // The position of the leading digit decides first.
        let leadA = a.count + ea
        let leadB = b.count + eb
        if leadA != leadB { return leadA < leadB ? -1 : 1 }
        let length = max(a.count, b.count)
        for index in 0..<length {
            let da = index < a.count ? a[index] : UInt8(ascii: "0")
            let db = index < b.count ? b[index] : UInt8(ascii: "0")
            if da != db { return da < db ? -1 : 1 }
        }
        return 0
    }
}

extension JSONNumber {
    /// Whether `self` divided by `divisor` is an integer, computed exactly in decimal.
    ///
    /// A zero or negative divisor answers false (JSON Schema requires `multipleOf > 0`).
    public func isMultiple(of divisor: JSONNumber) -> Bool {
        if case .int(let a) = storage, case .int(let b) = divisor.storage {
            return b > 0 && a % b == 0
        }
        let x = parts
        let m = divisor.parts
        if m.digits.isEmpty || m.negative { return false }
        if x.digits.isEmpty { return true }
        // x = X * 10^ex, m = M * 10^em. Scale both to the smaller exponent e:
        // x/m = (X * 10^(ex-e)) / (M * 10^(em-e)); one of the two shifts is zero.
        let e = min(x.exponent, m.exponent)
        let xShift = x.exponent - e
        let mShift = m.exponent - e
        guard mShift <= 18, let mSignificand = UInt64(String(decoding: m.digits, as: UTF8.self)) else {
            return isMultipleApproximately(of: divisor)
        }
        var modulus = mSignificand
        for _ in 0..<mShift {
            let (product, overflow) = modulus.multipliedReportingOverflow(by: 10)
            if overflow { return isMultipleApproximately(of: divisor) }
            modulus = product
        }
        // (X * 10^xShift) mod modulus, with X streamed digit by digit.
        var remainder: UInt64 = 0
        for digit in x.digits {
            remainder = ModularArithmetic.multiply(remainder, 10, modulo: modulus)
            remainder = (remainder + UInt64(digit - 48)) % modulus
        }
        remainder = ModularArithmetic.multiply(
            remainder, ModularArithmetic.power(10, xShift, modulo: modulus), modulo: modulus)
        return remainder == 0
    }

    private func isMultipleApproximately(of divisor: JSONNumber) -> Bool {
        let quotient = doubleValue / divisor.doubleValue
        guard quotient.isFinite else { return false }
        return quotient == quotient.rounded()
    }
}

extension JSONNumber: CustomStringConvertible {
    /// JSON text for the number: plain digits where that is short, scientific notation otherwise.
    public var description: String {
        switch storage {
        case .int(let value): return String(value)
        default: break
        }
        let (negative, digits, exponent) = parts
        var text = negative ? "-" : ""
        let point = digits.count + exponent  // position of the decimal point from the left
        if exponent >= 0 && exponent <= 21 {
            text += String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: exponent)
        } else if point > 0 && exponent < 0 {
            text += String(decoding: digits[..<point], as: UTF8.self) + "."
            text += String(decoding: digits[point...], as: UTF8.self)
        } else if point <= 0 && point > -7 {
            text += "0." + String(repeating: "0", count: -point) + String(decoding: digits, as: UTF8.self)
        } else {
            text += String(decoding: digits.prefix(1), as: UTF8.self)
            if digits.count > 1 { text += "." + String(decoding: digits.dropFirst(), as: UTF8.self) }
            let scientific = point - 1
            text += scientific < 0 ? "e\(scientific)" : "e+\(scientific)"
        }
        return text
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) {
        self = JSONNumber(value) ?? JSONNumber(0)
    }
}
