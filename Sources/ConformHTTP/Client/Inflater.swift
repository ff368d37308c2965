/// Decodes `gzip` (RFC 1952), `deflate` (RFC 1950, zlib-wrapped, and the raw RFC 1951 stream some
/// servers send instead) content codings, so a compressed body is checked as what it encodes.
///
/// RFC 9110 §12.5.3 lets a server compress when the request carries no `Accept-Encoding`, so a
/// client that checks bodies has to decode them. The output is bounded: past `limit` bytes it stops
/// with `bodyTooLarge`, so a small compressed bomb cannot exhaust memory.
struct Inflater {
    enum Failure: Error, Equatable {
        case corrupt(String)
        case tooLarge
    }

    private let input: [UInt8]
    private let limit: Int
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    private init(_ input: [UInt8], limit: Int, start: Int) {
        self.input = input
        self.limit = limit
        self.position = start
    }

    /// Decodes `body` sent with `Content-Encoding: coding`; nil for codings it does not decode.
    static func decode(_ body: [UInt8], coding: String, limit: Int) -> Result<[UInt8], Failure>? {
        var result = body
        // Codings are listed in the order they were applied; undo them last first.
        for name in coding.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
            .reversed()
        {
            switch name {
            case "identity", "":
                continue
            case "gzip", "x-gzip":
                do { result = try gunzip(result, limit: limit) } catch { return .failure(error) }
            case "deflate":
                do { result = try inflateZlibOrRaw(result, limit: limit) } catch { return .failure(error) }
            default:
                return nil
            }
        }
        return .success(result)
    }

    static func gunzip(_ data: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard data.count >= 18, data[0] == 0x1F, data[1] == 0x8B, data[2] == 8 else {
            throw .corrupt("not a gzip stream")
        }
        let flags = data[3]
        var start = 10
        if flags & 0x04 != 0 {
            guard start + 2 <= data.count else { throw .corrupt("truncated gzip header") }
            start += 2 + Int(data[start]) | Int(data[start + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while start < data.count && data[start] != 0 { start += 1 }
            start += 1
        }
        if flags & 0x02 != 0 { start += 2 }
        guard start < data.count else { throw .corrupt("truncated gzip header") }
        var inflater = Inflater(data, limit: limit, start: start)
        try inflater.inflate()
        return inflater.output
    }

    static func inflateZlibOrRaw(_ data: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        let zlibWrapped =
            data.count >= 2 && data[0] & 0x0F == 8 && (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0
        var inflater = Inflater(data, limit: limit, start: zlibWrapped ? 2 : 0)
        try inflater.inflate()
        return inflater.output
    }

    // MARK: - Bits

    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        while bitCount < count {
            guard position < input.count else { throw .corrupt("the compressed data ends early") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    private mutating func emit(_ byte: UInt8) throws(Failure) {
        guard output.count < limit else { throw .tooLarge }
        output.append(byte)
    }

    // MARK: - Blocks

    private mutating func inflate() throws(Failure) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try compressedBlock(Self.fixedLiterals, Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try compressedBlock(literals, distances)
            default: throw .corrupt("invalid block type")
            }
        }
    }

    private mutating func storedBlock() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw .corrupt("the compressed data ends early") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .corrupt("a stored block's length check fails") }
        position += 4
        guard position + length <= input.count else { throw .corrupt("the compressed data ends early") }
        guard output.count + length <= limit else { throw .tooLarge }
        output += input[position..<(position + length)]
        position += length
    }

    /// A canonical Huffman code: symbols by code length, decoded a bit at a time.
    struct Huffman {
        var counts: [Int]
        var symbols: [Int]

        init(lengths: [Int]) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decodeSymbol(_ huffman: Huffman) throws(Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - count < first { return huffman.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .corrupt("an invalid Huffman code")
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195,
        227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static let fixedLiterals = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
            + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))

    private mutating func compressedBlock(_ literals: Huffman, _ distances: Huffman) throws(Failure) {
        while true {
            let symbol = try decodeSymbol(literals)
            if symbol < 256 {
                try emit(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Self.lengthBase.count else { throw .corrupt("an invalid length code") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decodeSymbol(distances)
                guard distanceSymbol < Self.distanceBase.count else {
                    throw .corrupt("an invalid distance code")
                }
                let distance =
                    Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard distance <= output.count else {
                    throw .corrupt("a distance before the start of the data")
                }
                guard output.count + length <= limit else { throw .tooLarge }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    private mutating func dynamicTables() throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[order[index]] = try bits(3) }
        let codeLengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decodeSymbol(codeLengthCode)
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw .corrupt("a repeat with nothing to repeat") }
                lengths += Array(repeating: previous, count: 3 + (try bits(2)))
            case 17:
                lengths += Array(repeating: 0, count: 3 + (try bits(3)))
            default:
                lengths += Array(repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .corrupt("code lengths overrun") }
        return (
            Huffman(lengths: Array(lengths[..<literalCount])),
            Huffman(lengths: Array(lengths[literalCount...]))
        )
    }
}
