/// A hash index over each large `properties` table, so a member key the schema does not list (or
/// lists elsewhere than the next expected place) costs one or two probes instead of a comparison
/// with every listed name: twitter's users have 40 keys against 30 listed names, in another order.
///
/// The index hashes what the streaming validator already has for every unescaped key, its length
/// and first eight bytes (`TapeProgram.prefix`), into an open-addressed table of positions in the
/// `properties` table (-1 for an empty slot) at most half full. An escaped member key still takes
/// the linear search: its bytes are not the name's.
extension StreamPlan {
    /// Tables with fewer names than this are searched linearly: a miss there costs a few compares.
    static let indexedFrom = 8

    /// The slot a key of `length` bytes starting with `prefix` hashes to, in a table of `mask + 1`.
    @inline(__always)
    static func slot(prefix: UInt64, length: Int32, mask: Int32) -> Int {
        let mixed = (prefix ^ UInt64(UInt32(bitPattern: length)) << 56) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & Int(mask)
    }

    /// Appends the index of `keys` to `slots`; returns where it starts and its mask.
    static func index(_ keys: ArraySlice<TapeKey>, into slots: inout [Int32]) -> (first: Int32, mask: Int32) {
        var size = 16
        while size < 2 * keys.count { size *= 2 }
        let first = slots.count
        slots.append(contentsOf: repeatElement(-1, count: size))
        let mask = Int32(size - 1)
        for (position, key) in keys.enumerated() {
            var slot = Self.slot(prefix: key.prefix, length: key.length, mask: mask)
            while slots[first + slot] >= 0 { slot = (slot + 1) & Int(mask) }
            slots[first + slot] = Int32(position)
        }
        return (Int32(first), mask)
    }
}
