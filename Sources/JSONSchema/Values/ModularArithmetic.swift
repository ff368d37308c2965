/// Arithmetic modulo a `UInt64`, for `multipleOf` on exact decimals: whether `x` is a multiple of
/// `d` reduces to a remainder of digits times a power of ten, which must not overflow.
enum ModularArithmetic {
    /// `a × b mod m` through the full 128-bit product; `a` and `b` are below `m`.
    static func multiply(_ a: UInt64, _ b: UInt64, modulo m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((high: product.high, low: product.low)).remainder
    }

    /// `base ^ exponent mod m` by squaring.
    static func power(_ base: UInt64, _ exponent: Int, modulo m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m
        var base = base % m
        var exponent = exponent
        while exponent > 0 {
            if exponent & 1 == 1 { result = multiply(result, base, modulo: m) }
            base = multiply(base, base, modulo: m)
            exponent >>= 1
        }
        return result
    }
}
