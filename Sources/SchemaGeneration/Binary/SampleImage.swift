/// Small, valid image files for mock responses and upload endpoints.
///
/// Contract checks on binary responses (`image/png`) need bytes that real decoders accept, not a
/// magic number followed by noise. Both encoders are written from the file-format specifications
/// and are deterministic: the same size and seed give the same bytes.
public enum SampleImage {
    /// A truecolour 8-bit PNG: signature, `IHDR`, one `IDAT` holding a zlib stream of stored
    /// (uncompressed) deflate blocks with its Adler-32, and `IEND`; every chunk carries its CRC-32.
    /// Pixels are a seeded gradient with noise. Dimensions are clamped to 1...4096.
    public static func png(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        let width = min(max(width, 1), 4096)
        let height = min(max(height, 1), 4096)
        var rng = SeededRandom(seed: seed)
        let base = (0..<3).map { _ in rng.int(in: 0...255) }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)  // filter type None
            for x in 0..<width {
                let noise = rng.int(in: 0...15)
                raw.append(UInt8((base[0] + x * 255 / width + noise) & 0xFF))
                raw.append(UInt8((base[1] + y * 255 / height) & 0xFF))
                raw.append(UInt8((base[2] + noise * 4) & 0xFF))
            }
        }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filter, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", zlibStored(raw), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// A zlib stream (RFC 1950) whose deflate data (RFC 1951) is a series of stored blocks.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]  // CM 8, 32K window, FCHECK so that 0x7801 % 31 == 0
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            stream.append(final)  // BFINAL and BTYPE 00
            stream += [
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            stream += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        stream.appendBigEndian(Checksums.adler32(data))
        return stream
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        file.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        file += typed
        file.appendBigEndian(Checksums.crc32(typed))
    }
}
