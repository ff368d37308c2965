import Testing

@testable import SchemaGeneration

/// PNG and JPEG structure checks with checksums recomputed here, independently of the encoder.
@Suite("Sample images")
struct SampleImageTests {
    /// Bitwise CRC-32 (no table), so the test does not share code with the encoder.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 0 ? 0 : 0xEDB8_8320) }
        }
        return ~crc
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    struct Chunk {
        var type: String
        var data: ArraySlice<UInt8>
    }

    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = bigEndian(png[offset..<offset + 4])
            let typeAndData = png[(offset + 4)..<(offset + 8 + length)]
            let stored = UInt32(bigEndian(png[(offset + 8 + length)..<(offset + 12 + length)]))
            guard stored == crc32(typeAndData) else { return nil }
            chunks.append(
                Chunk(
                    type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                    data: typeAndData.dropFirst(4)))
            offset += 12 + length
        }
        return offset == png.count ? chunks : nil
    }

    /// Inflates a zlib stream made only of stored blocks and checks its Adler-32.
    static func inflateStored(_ stream: ArraySlice<UInt8>) -> [UInt8]? {
        let bytes = Array(stream)
        guard bytes.count >= 6, (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0, bytes[0] & 0x0F == 8 else {
            return nil
        }
        var output: [UInt8] = []
        var offset = 2
        while true {
            let header = bytes[offset]
            guard header & 0b110 == 0 else { return nil }
            let length = Int(bytes[offset + 1]) | Int(bytes[offset + 2]) << 8
            let complement = Int(bytes[offset + 3]) | Int(bytes[offset + 4]) << 8
            guard length ^ 0xFFFF == complement else { return nil }
            output += bytes[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
            if header & 1 == 1 { break }
        }
        var a = 1
        var b = 0
        for byte in output {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard offset + 4 == bytes.count, bigEndian(bytes[offset...]) == b << 16 | a else { return nil }
        return output
    }

    @Test(
        "PNG chunks, CRCs, zlib stream and pixel data are valid",
        arguments: [(1, 1), (3, 2), (64, 48), (200, 120)])
    func png(size: (Int, Int)) throws {
        let (width, height) = size
        let png = SampleImage.png(width: width, height: height, seed: 9)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try #require(Self.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        let header = chunks[0].data
        #expect(Self.bigEndian(header.prefix(4)) == width)
        #expect(Self.bigEndian(header.dropFirst(4).prefix(4)) == height)
        #expect(Array(header.dropFirst(8)) == [8, 2, 0, 0, 0])
        let raw = try #require(Self.inflateStored(chunks[1].data))
        #expect(raw.count == height * (width * 3 + 1))
        for row in 0..<height { #expect(raw[row * (width * 3 + 1)] == 0) }
    }

    @Test("PNG bytes are a function of size and seed")
    func pngDeterministic() {
        #expect(
            SampleImage.png(width: 8, height: 8, seed: 1) == SampleImage.png(width: 8, height: 8, seed: 1))
        #expect(
            SampleImage.png(width: 8, height: 8, seed: 1) != SampleImage.png(width: 8, height: 8, seed: 2))
    }

    @Test("large PNGs split the deflate data into several stored blocks")
    func multipleBlocks() throws {
        let png = SampleImage.png(width: 300, height: 100, seed: 4)
        let chunks = try #require(Self.chunks(png))
        let raw = try #require(Self.inflateStored(chunks[1].data))
        #expect(raw.count == 100 * 901)
    }

    @Test("JPEG has the baseline marker structure", arguments: [(1, 1), (8, 8), (17, 9), (64, 64)])
    func jpeg(size: (Int, Int)) throws {
        let jpeg = SampleImage.jpeg(width: size.0, height: size.1, seed: 3)
        #expect(Array(jpeg.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        var offset = 2
        var markers: [UInt8] = []
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            markers.append(marker)
            let length = Self.bigEndian(jpeg[(offset + 2)..<(offset + 4)])
            if marker == 0xC0 {
                #expect(Self.bigEndian(jpeg[(offset + 5)..<(offset + 7)]) == size.1)
                #expect(Self.bigEndian(jpeg[(offset + 7)..<(offset + 9)]) == size.0)
            }
            offset += 2 + length
            if marker == 0xDA { break }
        }
        #expect(markers == [0xE0, 0xDB, 0xC0, 0xC4, 0xC4, 0xDA])
        // Entropy-coded data: every 0xFF is stuffed, so no marker appears before EOI.
        let scan = jpeg[offset..<(jpeg.count - 2)]
        for index in scan.indices where scan[index] == 0xFF { #expect(scan[index + 1] == 0x00) }
    }
}
