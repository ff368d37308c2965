/// The scalars above ASCII split into the classes no set of a pattern tells apart (each set holds
/// all of a class or none of it), so the DFA reads non-ASCII text with one column per class.
///
/// Patterns name few non-ASCII ranges: `.` splits them in three (around U+2028–U+2029), `[^/]` or
/// `\w` leave one class, `\s` about twenty. Text in any script then costs a decode and, with more
/// than one class, a short binary search per scalar, instead of the Pike VM.
struct ScalarClasses: Sendable {
    /// The first scalar of each class, ascending; the first is U+0080.
    let starts: [UInt32]
    /// Per set of the automaton, bit `k` when the set holds class `k`.
    let members: [UInt64]

    /// The most classes a pattern may need (one bit each in `members`).
    static let maximum = 64

    /// The classes of `sets`, or nil when they need more than `maximum`.
    init?(_ sets: [ScalarSet]) {
        var bounds: Set<UInt32> = [0x80]
        for set in sets {
            for range in set.ranges where range.upperBound >= 0x80 {
                bounds.insert(max(0x80, range.lowerBound))
                if range.upperBound < ScalarSet.maximum { bounds.insert(range.upperBound + 1) }
            }
        }
        guard bounds.count <= Self.maximum else { return nil }
        let starts = bounds.sorted()
        self.starts = starts
        members = sets.map { set in
            var mask: UInt64 = 0
            for (index, start) in starts.enumerated() where set.contains(start) { mask |= 1 << UInt64(index) }
            return mask
        }
    }

    var count: Int { starts.count }

    /// The class of a scalar at or above U+0080.
    @inline(__always)
    func index(of scalar: UInt32) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) >> 1
            if starts[middle] <= scalar { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The class and byte length of the valid UTF-8 scalar at `offset`, whose lead byte is not ASCII.
    @inline(__always)
    func classify(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (index: Int, length: Int) {
        let lead = UInt32(bytes[offset])
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if starts.count == 1 { return (0, length) }
        var scalar = lead & (0x7F >> UInt32(length))
        for position in (offset + 1)..<(offset + length) {
            scalar = scalar << 6 | UInt32(bytes[position] & 0x3F)
        }
        return (index(of: scalar), length)
    }
}
