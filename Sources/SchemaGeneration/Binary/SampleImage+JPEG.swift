extension SampleImage {
    /// A baseline JPEG (JFIF) of one uniform grey whose level comes from `seed`.
    ///
    /// Built from the JPEG specification (ITU T.81) with the simplest content decoders accept: one
    /// greyscale component, a quantisation table of ones, and two tiny Huffman tables. Each 8×8
    /// block codes only its DC coefficient; every block after the first repeats it (difference 0)
    /// and ends at once with EOB. Dimensions are clamped to 1...4096.
    public static func jpeg(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        let width = min(max(width, 1), 4096)
        let height = min(max(height, 1), 4096)
        var rng = SeededRandom(seed: seed)
        let grey = rng.int(in: 16...239)
        let dc = 8 * (grey - 128)  // the DC coefficient of a flat block, quantised by 1
        let category = dc == 0 ? 0 : (Int.bitWidth - abs(dc).leadingZeroBitCount)
        var file: [UInt8] = [0xFF, 0xD8]
        file +=
            [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [
                0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
            ]
        file += [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
        file += [0xFF, 0xC0, 0x00, 0x0B, 0x08]
        file.appendBigEndian(UInt32(height), bytes: 2)
        file.appendBigEndian(UInt32(width), bytes: 2)
        file += [0x01, 0x01, 0x11, 0x00]
        // DC table 0: code "0" → category 0, code "10" → the first block's category.
        var dcCounts = [UInt8](repeating: 0, count: 16)
        dcCounts[0] = 1
        dcCounts[1] = category == 0 ? 0 : 1
        let dcSymbols: [UInt8] = category == 0 ? [0] : [0, UInt8(category)]
        file += [0xFF, 0xC4, 0x00, UInt8(3 + 16 + dcSymbols.count), 0x00] + dcCounts + dcSymbols
        // AC table 0: code "0" → EOB.
        var acCounts = [UInt8](repeating: 0, count: 16)
        acCounts[0] = 1
        file += [0xFF, 0xC4, 0x00, UInt8(3 + 16 + 1), 0x10] + acCounts + [0x00]
        file += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        var writer = BitWriter()
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        for block in 0..<blocks {
            if block == 0 && category > 0 {
                writer.write(0b10, count: 2)
                let bits = dc > 0 ? dc : dc + (1 << category) - 1
                writer.write(bits, count: category)
            } else {
                writer.write(0, count: 1)
            }
            writer.write(0, count: 1)  // EOB
        }
        file += writer.finish()
        file += [0xFF, 0xD9]
        return file
    }
}

/// Packs entropy-coded bits most-significant first, stuffing a zero after every 0xFF byte and
/// padding the last byte with ones, as T.81 requires.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var current: UInt8 = 0
    private var used = 0

    package mutating func write(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            current = current << 1 | UInt8((value >> shift) & 1)
            used += 1
            if used == 8 { flush() }
        }
    }

    private mutating func flush() {
        bytes.append(current)
        if current == 0xFF { bytes.append(0x00) }
        current = 0
        used = 0
    }

    package mutating func finish() -> [UInt8] {
        if used > 0 {
            let padding = 8 - used
            current = current << UInt8(padding) | UInt8((1 << padding) - 1)
            used = 8
            flush()
        }
        return bytes
    }
}
