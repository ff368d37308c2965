/// The one rule for multi-byte UTF-8 in JSON input (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF), shared by the tree parser and the tape scanner so both accept exactly
/// the same bytes.
enum UTF8Sequence {
    /// The length of the valid multi-byte sequence starting at `offset`, or nil when the bytes
    /// there are not one.
    @inline(__always)
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= lower && second <= upper else { return nil }
        for position in (offset + 2)..<(offset + length) where bytes[position] & 0xC0 != 0x80 { return nil }
        return length
    }
}

extension UTF8Sequence {
    /// Whether `start ..< end` (a stretch of a string between escapes or quotes) is valid UTF-8.
    ///
    /// ASCII runs are skipped a word at a time; two- and three-byte sequences (Latin, Greek,
    /// Cyrillic, CJK: nearly all non-ASCII text) are checked with one 32-bit load and a mask;
    /// the rest, and the last bytes of the input, go through `length`. A sequence never runs past
    /// `end`: the byte there is ASCII (a quote, a backslash or a control character), which no
    /// continuation byte is.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard let base = bytes.baseAddress else { return start == end }
        var offset = start
        while offset < end {
            let lead = bytes[offset]
            if lead < 0x80 {
                guard offset + 8 <= bytes.count else {
                    offset += 1
                    continue
                }
                // To the next byte past ASCII (possibly beyond `end`, which ends the loop).
                let highs =
                    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    & 0x8080_8080_8080_8080
                offset += highs == 0 ? 8 : highs.trailingZeroBitCount >> 3
                continue
            }
            if offset + 4 <= bytes.count {
                let word = UInt32(
                    littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
                if word & 0xC0E0 == 0x80C0 {
                    // 110xxxxx 10xxxxxx; C0 and C1 would be overlong.
                    guard lead >= 0xC2 else { return false }
                    offset += 2
                    continue
                }
                if word & 0xC0_C0F0 == 0x80_80E0 {
                    // 1110xxxx 10xxxxxx 10xxxxxx; E0 needs A0 or more next (else overlong), ED at
                    // most 9F (else a surrogate).
                    let second = UInt8(truncatingIfNeeded: word >> 8)
                    guard (lead != 0xE0 || second >= 0xA0) && (lead != 0xED || second <= 0x9F) else {
                        return false
                    }
                    offset += 3
                    continue
                }
            }
            guard let length = length(in: bytes, at: offset), offset + length <= end else { return false }
            offset += length
        }
        return true
    }
}
