/// A small, fast, reproducible pseudo-random number generator (xoshiro256**, seeded with SplitMix64).
///
/// Fuzzing is only useful when a failure can be replayed: the same seed must give the same payloads
/// on every machine and every Swift release. The standard library's `random(in:using:)` helpers are
/// free to change their algorithm between releases, so the generator exposes its own bounded
/// helpers (`int(in:)`, `below(_:)`, `chance(_:)`), which the generation code uses exclusively.
///
/// ```swift
/// var rng = SeededRandom(seed: 42)
/// let roll = rng.int(in: 1...6)   // the same on Linux and macOS, today and tomorrow
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Expands `seed` into the 256-bit state with SplitMix64, so that nearby seeds give unrelated streams.
    public init(seed: UInt64) {
        var mix = seed
        func splitMix() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform value in `0..<bound` (Lemire's multiply-and-reject); 0 when `bound` is 0.
    public mutating func below(_ bound: UInt64) -> UInt64 {
        guard bound > 0 else { return 0 }
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound))
        if width == UInt64.max { return Int(Int64(bitPattern: next())) }
        return Int(Int64(range.lowerBound) &+ Int64(bitPattern: below(width &+ 1)))
    }

    /// A uniform `Int64` in `range`.
    public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        if width == UInt64.max { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: below(width &+ 1))
    }

    /// True with probability `probability` (clamped to 0...1).
    public mutating func chance(_ probability: Double) -> Bool {
        let unit = Double(next() >> 11) * 0x1.0p-53
        return unit < probability
    }

    /// A uniformly chosen element; nil for an empty collection.
    public mutating func element<C: Collection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        let offset = Int(below(UInt64(collection.count)))
        return collection[collection.index(collection.startIndex, offsetBy: offset)]
    }

    /// The elements in a random order (Fisher–Yates).
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            let other = Int(below(UInt64(index + 1)))
            result.swapAt(index, other)
        }
        return result
    }
}
