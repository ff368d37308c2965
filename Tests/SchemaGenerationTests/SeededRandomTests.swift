import Testing

@testable import SchemaGeneration

@Suite("SeededRandom")
struct SeededRandomTests {
    @Test("the same seed gives the same sequence", arguments: [0, 1, 42, UInt64.max])
    func reproducible(seed: UInt64) {
        var a = SeededRandom(seed: seed)
        var b = SeededRandom(seed: seed)
        for _ in 0..<100 { #expect(a.next() == b.next()) }
    }

    @Test("the stream is pinned, so it cannot drift between platforms or releases")
    func pinned() {
        // Reference values of xoshiro256** seeded by SplitMix64(0), computed independently.
        var rng = SeededRandom(seed: 0)
        let first = (0..<3).map { _ in rng.next() }
        #expect(first == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0])
        var other = SeededRandom(seed: 1)
        #expect(other.next() != first[0])
    }

    @Test("bounded helpers stay in range", arguments: [1...1, -5...5, 0...1_000_000, Int.min...Int.max])
    func bounded(range: ClosedRange<Int>) {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 { #expect(range.contains(rng.int(in: range))) }
        for _ in 0..<200 { #expect(rng.below(10) < 10) }
    }

    @Test("shuffling keeps the elements")
    func shuffle() {
        var rng = SeededRandom(seed: 3)
        let shuffled = rng.shuffled(Array(0..<50))
        #expect(shuffled.sorted() == Array(0..<50))
        #expect(shuffled != Array(0..<50))
    }
}
