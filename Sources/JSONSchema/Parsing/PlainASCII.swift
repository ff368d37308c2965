/// The fast paths of string scanning, a word (eight bytes) at a time, shared by the tree parser,
/// the tape scanner and the tape's decoder.
///
/// Descriptions and URLs are most of a typical payload's bytes, and testing a word at a time
/// (the classic "has a zero byte" bit trick on XOR-ed copies) reads them about five times faster.
enum PlainASCII {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of every byte of `word` equal to `byte`, exact up to the first one (a borrow
    /// may set bits above it, never below).
    @inline(__always)
    private static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let found = word ^ (ones &* UInt64(byte))
        return (found &- ones) & ~found & highs
    }

    /// The high bit of every byte that ends a plain run inside a string: a quote, a backslash or a
    /// control character (exact up to the first one). Bytes past ASCII do not end it.
    @inline(__always)
    private static func stops(_ word: UInt64) -> UInt64 {
        equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\"))
            | ((word &- ones &* 0x20) & ~word & highs)
    }

    /// The first offset at or after `start`, in steps of eight bytes, whose eight-byte word holds a
    /// quote, a backslash, a control character or a non-ASCII byte; the caller's byte loop takes it
    /// from there.
    @inline(__always)
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var offset = start
        while offset + 8 <= bytes.count {
            let current = word(base, offset)
            if (stops(current) | current) & highs != 0 { return offset }
            offset += 8
        }
        return offset
    }

    /// The offset of the first quote, backslash or control character at or after `start` (or the
    /// end of the input), found a word at a time; `sawHigh` is set when a byte past ASCII came
    /// before it, so the caller validates that stretch as UTF-8.
    ///
    /// Text in other scripts stays on this path: its bytes only need to be valid UTF-8, which a
    /// separate tight loop checks (`UTF8Sequence.validate`).
    @inline(__always)
    static func stop(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, sawHigh: inout Bool) -> Int {
        var offset = start
        if let base = bytes.baseAddress {
            var high: UInt64 = 0
            while offset + 8 <= bytes.count {
                let current = word(base, offset)
                let found = stops(current)
                if found != 0 {
                    let stop = found.trailingZeroBitCount >> 3
                    // Only the bytes before the stop count.
                    high |= current & highs & ((1 << UInt64(stop * 8)) &- 1)
                    sawHigh = sawHigh || high != 0
                    return offset + stop
                }
                high |= current & highs
                offset += 8
            }
            sawHigh = sawHigh || high != 0
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return offset }
            if byte >= 0x80 { sawHigh = true }
            offset += 1
        }
        return offset
    }

    /// The offset of the first backslash in `start ..< end`, or `end`: decoding an escaped string
    /// copies the runs between escapes whole.
    @inline(__always)
    static func backslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        if let base = bytes.baseAddress {
            while offset + 8 <= end {
                let found = equal(word(base, offset), UInt8(ascii: "\\"))
                if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
                offset += 8
            }
        }
        while offset < end && bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        return offset
    }

    /// The offset of the first byte at or after `start` that is not a space (indentation comes in
    /// runs of spaces, eight compared at once).
    @inline(__always)
    static func pastSpaces(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var offset = start
        if let base = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let other = word(base, offset) ^ (ones &* 0x20)
                if other != 0 { return offset + other.trailingZeroBitCount >> 3 }
                offset += 8
            }
        }
        while offset < bytes.count && bytes[offset] == 0x20 { offset += 1 }
        return offset
    }
}
