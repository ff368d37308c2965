/// Runs of ASCII digits read eight bytes at a time: where a number's digits end (the tape scanner)
/// and what they are worth (`DecimalLiteral`), without a loop per byte or a detour through text.
///
/// Coordinates and ids are 9 to 18 digits long; a byte loop costs a compare and a branch per digit,
/// where one 64-bit word answers for eight.
enum ASCIIDigits {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` as one little-endian word (the first byte lowest); the caller
    /// checks that they are inside the buffer.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of every byte of `word` that is not an ASCII digit.
    ///
    /// XOR with `0` maps the digits to 0…9; adding 0x76 to the low seven bits of a byte carries into
    /// its high bit exactly when they are 10 or more (and never into the next byte); a byte that
    /// was not ASCII already has its high bit.
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let shifted = word ^ (ones &* 0x30)
        let over = (shifted & ~highs) &+ (ones &* 0x76)
        return (shifted | over) & highs
    }

    /// How many ASCII digits start at `start`.
    @inline(__always)
    static func run(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        // Offsets stay within the buffer: wrapping arithmetic spares the overflow checks.
        var offset = start
        if let base = bytes.baseAddress {
            while offset &+ 8 <= bytes.count {
                let found = nonDigits(word(base, offset))
                if found != 0 { return offset &- start &+ found.trailingZeroBitCount >> 3 }
                offset &+= 8
            }
        }
        while offset < bytes.count && bytes[offset] &- 48 < 10 { offset &+= 1 }
        return offset &- start
    }

    /// `value × 10^count + digits`, for the `count` digits at `start`; the caller makes sure the
    /// result fits (at most 18 digits in all).
    @inline(__always)
    static func accumulate(
        _ value: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int
    ) -> UInt64 {
        var value = value
        var offset = start
        let end = start + count
        if let base = bytes.baseAddress {
            while offset + 8 <= end {
                value = value &* 100_000_000 &+ eight(word(base, offset) &- ones &* 0x30)
                offset += 8
            }
            let left = end - offset
            if left > 0 && offset + 8 <= bytes.count {
                // The first `left` digit values moved to the top of the word, zeros below them: the
                // same eight-digit sum then reads them as a `left`-digit number.
                let digits = (word(base, offset) &- ones &* 0x30) << UInt64(8 * (8 - left))
                return value &* power(left) &+ eight(digits)
            }
        }
        while offset < end {
            value = value &* 10 &+ UInt64(bytes[offset] &- 48)
            offset += 1
        }
        return value
    }

    /// The number whose eight decimal digits (values 0…9, the most significant in the lowest
    /// byte) `digits` holds: neighbouring lanes are merged into 2-, 4- then 8-digit lanes.
    @inline(__always)
    static func eight(_ digits: UInt64) -> UInt64 {
        let pairs = (digits &* 10 &+ digits >> 8) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs &* 100 &+ pairs >> 16) & 0x0000_FFFF_0000_FFFF
        return (quads &* 10_000 &+ quads >> 32) & 0xFFFF_FFFF
    }

    /// 10^exponent for 0…19 (the powers a `UInt64` holds), without a global table to initialize.
    @inline(__always)
    static func power(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// The number of decimal digits of `value` (1 for zero): the bit length times log10(2) is the
    /// count or one less, and one comparison decides.
    @inline(__always)
    static func count(_ value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return value >= power(guess) ? guess + 1 : guess
    }
}
