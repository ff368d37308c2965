/// A parsed JSON document as a flat tape: one fixed-size entry per value (and per object key), in
/// document order, pointing into the input bytes.
///
/// `JSONValue` is convenient but costly for a large body: a `String` and a tuple per member, an
/// allocation per container and reference counting throughout. The tape keeps the input and adds
/// 8 bytes per value: strings stay byte ranges (decoded only when asked, compared as raw bytes
/// when they hold no escape), numbers stay literals (read exactly on demand), and a container
/// entry knows where its subtree ends, so skipping a value is one step. The validator walks it
/// directly (`Schema.isValid(json:)`); `value` builds the `JSONValue` view when a caller wants one.
///
/// The scanner accepts exactly what `JSONParser` accepts; for a rejected document, or one with a
/// duplicate key, it defers to `JSONParser`, so errors and duplicate reports read the same.
public struct JSONTape: Sendable {
    /// What an entry holds.
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value (or object key): 8 bytes, so the tape of a typical body is smaller than the body.
    struct Entry: Sendable {
        /// Strings and numbers: the offset of the first byte (after a string's quote). Containers:
        /// the index of the entry after the subtree.
        private var slot: UInt32
        /// The kind (3 bits), the flag (1 bit) and the length or count (28 bits).
        private var info: UInt32

        /// The longest string or number, and the most members or elements, one entry describes.
        static let maximumLength = 1 << 28 - 1

        init(kind: Kind, flag: Bool, offset: UInt32, length: UInt32) {
            slot = offset
            info = UInt32(kind.rawValue) | (flag ? 8 : 0) | length << 4
        }

        @inline(__always)
        var kind: Kind { Kind(rawValue: UInt8(info & 7)) ?? .null }
        /// Strings: the content holds a backslash escape. Numbers: a plain integer of at most 18
        /// digits.
        @inline(__always)
        var flag: Bool { info & 8 != 0 }
        /// Strings and numbers: their byte length. Containers: their element or member count.
        @inline(__always)
        var length: UInt32 { info >> 4 }
        /// Strings and numbers: the offset of their first byte.
        @inline(__always)
        var offset: UInt32 { slot }
        /// Containers: the entry after the subtree.
        @inline(__always)
        var end: UInt32 { slot }
        @inline(__always)
        var isContainer: Bool { info & 7 >= UInt32(Kind.array.rawValue) }

        /// Completes a container entry once its subtree is scanned.
        mutating func close(count: UInt32, end: UInt32) {
            slot = end
            info = (info & 15) | count << 4
        }
    }

    /// The input: entry offsets index into it.
    let bytes: [UInt8]
    let entries: EntryStorage
    /// Keys the input named twice (their last values are on the tape).
    public internal(set) var duplicateKeys: [JSONDuplicateKey] = []
    /// How deeply arrays and objects nest (a scalar document is 0), recorded by the scan.
    public internal(set) var nestingDepth = 0

    /// The index of the root value's entry.
    var root: Int { 0 }

    /// The document as a `JSONValue`.
    public var value: JSONValue {
        materialize(root)
    }

    /// How many entries (values and keys) the tape holds.
    public var count: Int { entries.count }
}

extension JSONTape {
    /// The entry after the value at `index` and its subtree.
    @inline(__always)
    func next(_ index: Int) -> Int { Self.next(entries, index) }

    @inline(__always)
    static func next(_ entries: EntryStorage, _ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.end) : index + 1
    }

    /// The value at entry `index` as a `JSONValue`.
    func materialize(_ index: Int) -> JSONValue {
        bytes.withUnsafeBufferPointer { buffer in
            entries.withUnsafeBufferPointer { entries in Self.materialize(entries, index, buffer) }
        }
    }

    /// The value at entry `index` of `entries` (which point into `buffer`) as a `JSONValue`.
    static func materialize(
        _ entries: UnsafeBufferPointer<Entry>, _ index: Int, _ buffer: UnsafeBufferPointer<UInt8>
    ) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(number(entry, buffer))
        case .string: return .string(string(entry, buffer))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.length))
            var child = index + 1
            while child < Int(entry.end) {
                elements.append(materialize(entries, child, buffer))
                child = next(entries, child)
            }
            return .array(elements)
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(entry.length))
            var child = index + 1
            while child < Int(entry.end) {
                let key = string(entries[child], buffer)
                members.append((key, materialize(entries, child + 1, buffer)))
                child = next(entries, child + 1)
            }
            // The scanner hands documents with duplicate keys to `JSONParser`.
            return .object(JSONObject(uniqueMembers: members))
        }
    }

    @inline(__always)
    static func next(_ entries: UnsafeBufferPointer<Entry>, _ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.end) : index + 1
    }

    /// The exact number of a number entry.
    static func number(_ entry: Entry, _ buffer: UnsafeBufferPointer<UInt8>) -> JSONNumber {
        JSONNumber.scan(buffer, from: Int(entry.offset))?.number ?? JSONNumber(storage: .int(0))
    }

    /// The decoded text of a string entry.
    static func string(_ entry: Entry, _ buffer: UnsafeBufferPointer<UInt8>) -> String {
        let range = Int(entry.offset)..<Int(entry.offset + entry.length)
        if !entry.flag {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
        return String(decoding: Self.unescape(buffer, range), as: UTF8.self)
    }

    /// The UTF-8 bytes of a scanned (hence valid) string's content with its escapes decoded.
    static func unescape(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: range.count) { out, count in
            count = out.baseAddress.map { unescape(buffer, range, into: $0) } ?? 0
        }
    }

    /// Writes the decoded content of a scanned string to `out`, which has room for `range.count`
    /// bytes (no escape decodes to more bytes than it takes), and returns how many it wrote. The
    /// runs between backslashes are copied whole, so a long text with a few `\"` costs little more
    /// than a copy.
    static func unescape(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var written = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let escape = PlainASCII.backslash(in: buffer, from: index, to: range.upperBound)
            if escape > index {
                (out + written).update(from: base + index, count: escape - index)
                written += escape - index
            }
            guard escape < range.upperBound else { break }
            index = writeEscape(buffer, at: escape, to: out, &written)
        }
        return written
    }

    /// Writes what the escape at `start` (a backslash) stands for; returns the offset after it.
    @inline(__always)
    private static func writeEscape(
        _ buffer: UnsafeBufferPointer<UInt8>, at start: Int, to out: UnsafeMutablePointer<UInt8>,
        _ written: inout Int
    ) -> Int {
        let byte: UInt8
        switch buffer[start + 1] {
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"):
            var scalar = hex4(buffer, start + 2)
            guard (0xD800...0xDBFF).contains(scalar) else {
                writeScalar(scalar, to: out, &written)
                return start + 6
            }
            let low = hex4(buffer, start + 8)
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            writeScalar(scalar, to: out, &written)
            return start + 12
        case let escaped: byte = escaped
        }
        out[written] = byte
        written += 1
        return start + 2
    }

    /// The UTF-8 encoding of a scalar the scanner checked (never a lone surrogate).
    @inline(__always)
    private static func writeScalar(
        _ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>, _ written: inout Int
    ) {
        switch scalar {
        case ..<0x80:
            out[written] = UInt8(scalar)
            written += 1
        case ..<0x800:
            out[written] = UInt8(0xC0 | scalar >> 6)
            out[written + 1] = UInt8(0x80 | scalar & 0x3F)
            written += 2
        case ..<0x10000:
            out[written] = UInt8(0xE0 | scalar >> 12)
            out[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar & 0x3F)
            written += 3
        default:
            out[written] = UInt8(0xF0 | scalar >> 18)
            out[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[written + 3] = UInt8(0x80 | scalar & 0x3F)
            written += 4
        }
    }

    static func hex4(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in start..<(start + 4) {
            let byte = buffer[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            default: digit = byte &- 55
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
