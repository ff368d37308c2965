/// The fast path of string scanning, shared by the tree parser and the tape scanner.
enum PlainASCII {
    /// The first offset at or after `start`, in steps of eight bytes, whose eight-byte word holds a
    /// quote, a backslash, a control character or a non-ASCII byte; the caller's byte loop takes it
    /// from there.
    ///
    /// Descriptions and URLs are most of a typical payload's bytes, and testing a word at a time
    /// (the classic "has a zero byte" bit trick on XOR-ed copies) reads them about five times faster.
    @inline(__always)
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let hasQuote = (quote &- ones) & ~quote
            let hasBackslash = (backslash &- ones) & ~backslash
            let hasControl = (word &- ones &* 0x20) & ~word
            if (hasQuote | hasBackslash | hasControl | word) & highs != 0 { return offset }
            offset += 8
        }
        return offset
    }
}

extension PlainASCII {
    /// The offset of the first backslash in `start ..< end`, or `end`: decoding an escaped string
    /// copies the runs between escapes whole.
    @inline(__always)
    static func backslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while offset + 8 <= end {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let found = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
                let zero = (found &- ones) & ~found & (ones &* 0x80)
                if zero != 0 { return offset + zero.trailingZeroBitCount >> 3 }
                offset += 8
            }
        }
        while offset < end && bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        return offset
    }
}
