extension SampleImage {
    /// A lossless WebP (RIFF `WEBP` container, one `VP8L` chunk) of one seeded colour, written from
    /// the WebP specification (RFC 9649): no transform, no colour cache, and each of the five prefix
    /// codes a "simple" code of one symbol, so every pixel decodes to that colour and the pixel data
    /// takes no bits at all. Dimensions are clamped to 1...4096.
    public static func webp(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        let width = min(max(width, 1), 4096)
        let height = min(max(height, 1), 4096)
        var rng = SeededRandom(seed: seed)
        let colour = (0..<3).map { _ in UInt32(rng.int(in: 0...255)) }
        var bits = LittleEndianBits()
        bits.write(0x2F, count: 8)  // VP8L signature
        bits.write(UInt32(width - 1), count: 14)
        bits.write(UInt32(height - 1), count: 14)
        bits.write(0, count: 1)  // alpha is not used
        bits.write(0, count: 3)  // version 0
        bits.write(0, count: 1)  // no transform
        bits.write(0, count: 1)  // no colour cache
        bits.write(0, count: 1)  // no meta prefix codes
        for symbol in [colour[1], colour[0], colour[2], 255] {  // green, red, blue, alpha
            bits.write(1, count: 1)  // simple code
            bits.write(0, count: 1)  // one symbol
            bits.write(1, count: 1)  // written in 8 bits
            bits.write(symbol, count: 8)
        }
        bits.write(0b001, count: 3)  // distance: simple code of one 1-bit symbol …
        bits.write(0, count: 1)  // … which is 0
        var chunk = bits.bytes
        let chunkSize = UInt32(chunk.count)
        if chunk.count % 2 == 1 { chunk.append(0) }
        var file = Array("RIFF".utf8)
        file.appendLittleEndian(UInt32(4 + 8 + chunk.count))
        file += Array("WEBPVP8L".utf8)
        file.appendLittleEndian(chunkSize)
        return file + chunk
    }
}

/// Bits packed least significant first, as VP8L reads them.
private struct LittleEndianBits {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count {
            if used == 0 { bytes.append(0) }
            if (value >> UInt32(index)) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << used) }
            used = (used + 1) % 8
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, through: 24, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }
}
