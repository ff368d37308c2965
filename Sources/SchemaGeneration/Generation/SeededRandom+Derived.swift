extension SeededRandom {
    /// A generator for one part of a run (an endpoint, a header), derived from the run's seed and the
    /// part's name, so that adding an endpoint does not change the values generated for the others.
    public init(seed: UInt64, deriving name: String) {
        self.init(seed: seed ^ Self.stableHash(name))
    }

    /// FNV-1a over UTF-8: the same on every run and platform, unlike `hashValue`.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
