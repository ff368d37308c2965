/// The size on a chunk-size line of a chunked body (RFC 9112 §7.1), read strictly by the server and
/// leniently by the client (see ``FramingRules``).
package enum ChunkSize {
    /// Why a chunk-size line was refused.
    package enum Problem: Error, Equatable, Sendable {
        case notHex
        case tooManyDigits
        case controlInExtension
    }

    /// The size on `line` (without its line ending); extensions after `;` are ignored, as RFC 9112
    /// allows.
    package static func parse(_ line: [UInt8], strict: Bool) throws(FramingFault) -> Int {
        let result = strict ? strictSize(line) : lenientSize(line)
        switch result {
        case .success(let size): return size
        case .failure(let problem): throw .invalidChunkSize(line: line, problem: problem)
        }
    }

    /// `hex-size [OWS ; extensions]`, at most 15 digits, no control characters in extensions.
    private static func strictSize(_ line: [UInt8]) -> Result<Int, Problem> {
        var size = 0
        var index = 0
        while index < line.count, let value = hexDigit(line[index]) {
            guard index < 15 else { return .failure(.tooManyDigits) }
            size = size << 4 | value
            index += 1
        }
        guard index > 0 else { return .failure(.notHex) }
        let rest = line[index...].drop { $0 == 0x20 || $0 == 0x09 }
        guard rest.isEmpty || rest.first == UInt8(ascii: ";") else { return .failure(.notHex) }
        guard rest.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(.controlInExtension)
        }
        return .success(size)
    }

    /// Whatever is before `;`, spaces and tabs removed, read as a hexadecimal number of at most 15
    /// characters.
    private static func lenientSize(_ line: [UInt8]) -> Result<Int, Problem> {
        let digits = line.prefix { $0 != 0x3B }.filter { $0 != 0x20 && $0 != 0x09 }
        let text = String(decoding: digits, as: UTF8.self)
        guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16), size >= 0 else {
            return .failure(.notHex)
        }
        return .success(size)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
