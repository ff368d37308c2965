/// The checksums PNG needs: CRC-32 (ISO-HDLC, as in zlib and PNG chunks) and zlib's Adler-32.
package enum Checksums {
    /// The reflected CRC-32 table for polynomial 0xEDB88320.
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    package static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    package static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` in big-endian byte order, as PNG and JPEG store integers.
    package mutating func appendBigEndian(_ value: UInt32, bytes count: Int = 4) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }
}
