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
