/// Scans UTF-8 JSON into tape entries, accepting exactly what `JSONParser` accepts.
///
/// It only decides *whether* the input is JSON (one pass, no allocation per value beyond the entry
/// array); `JSONParser` re-reads a rejected input to say what is wrong and where, so both readers
/// report the same error.
struct TapeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var depth = 0
    /// The deepest `depth` reached.
    var deepest = 0
    var entries: [JSONTape.Entry] = []
    /// Set when an object names a key twice (the document is still valid).
    var hasDuplicateKeys = false
    /// Set when a string, number or container exceeds what an entry describes (the scan then
    /// fails, and the caller reads the document with `JSONParser`).
    var exceedsEntry = false
    private var keyScratch: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        // Roughly one entry per 12 bytes of typical API JSON; more grows the array.
        entries.reserveCapacity(max(16, bytes.count / 12))
    }

    /// Whether the whole input is one JSON value.
    mutating func scanDocument(allowsByteOrderMark: Bool) -> Bool {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            guard allowsByteOrderMark else { return false }
            index = 3
        }
        skipWhitespace()
        guard index < bytes.count, scanValue() else { return false }
        skipWhitespace()
        return index == bytes.count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func scanValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return scanContainer(.object, closer: UInt8(ascii: "}"))
        case UInt8(ascii: "["): return scanContainer(.array, closer: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): return scanString()
        case UInt8(ascii: "t"): return scanLiteral(0x7472_7565, length: 4, kind: .true)
        case UInt8(ascii: "f"): return scanLiteral(0x6661_6C73_65, length: 5, kind: .false)
        case UInt8(ascii: "n"): return scanLiteral(0x6E75_6C6C, length: 4, kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
        default: return false
        }
    }

    /// `word` holds the literal's bytes big-endian (`true` is 0x74727565).
    private mutating func scanLiteral(_ word: UInt64, length: Int, kind: JSONTape.Kind) -> Bool {
        guard index + length <= bytes.count else { return false }
        var found: UInt64 = 0
        for offset in index..<(index + length) { found = found << 8 | UInt64(bytes[offset]) }
        guard found == word else { return false }
        entries.append(
            .init(kind: kind, flag: false, offset: UInt32(index), length: 0))
        index += length
        return true
    }

    /// An array or an object, opened by the bracket at `index` and closed by `closer`; an object's
    /// members are a key and a colon before each value.
    private mutating func scanContainer(_ kind: JSONTape.Kind, closer: UInt8) -> Bool {
        depth += 1
        guard depth <= maximumDepth else { return false }
        deepest = max(deepest, depth)
        let position = entries.count
        entries.append(.init(kind: kind, flag: false, offset: 0, length: 0))
        index += 1
        skipWhitespace()
        var count: UInt32 = 0
        if index < bytes.count && bytes[index] == closer {
            index += 1
        } else {
            while true {
                skipWhitespace()
                if kind == .object {
                    guard scanKey() else { return false }
                }
                guard scanValue() else { return false }
                count += 1
                skipWhitespace()
                guard index < bytes.count else { return false }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == closer { break }
                return false
            }
        }
        guard count <= JSONTape.Entry.maximumLength else { return tooLarge() }
        entries[position].close(count: count, end: UInt32(entries.count))
        depth -= 1
        if kind == .object && count > 1 && !hasDuplicateKeys && repeatsAKey(object: position) {
            hasDuplicateKeys = true
        }
        return true
    }

    /// A member's key and its colon, with the whitespace after each.
    @inline(__always)
    private mutating func scanKey() -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), scanString() else { return false }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    private mutating func tooLarge() -> Bool {
        exceedsEntry = true
        return false
    }

    /// Whether the object at `position` names a key twice (by decoded bytes).
    private mutating func repeatsAKey(object position: Int) -> Bool {
        keyScratch.removeAll(keepingCapacity: true)
        var child = position + 1
        let end = Int(entries[position].end)
        var escaped = false
        while child < end {
            keyScratch.append(child)
            escaped = escaped || entries[child].flag
            child = JSONTape.next(entries, child + 1)
        }
        if escaped {
            let keys = keyScratch.map { key -> [UInt8] in
                let entry = entries[key]
                if !entry.flag { return Array(bytes[Int(entry.offset)..<Int(entry.offset + entry.length)]) }
                return JSONTape.unescape(bytes, Int(entry.offset)..<Int(entry.offset + entry.length))
            }
            return Set(keys).count != keys.count
        }
        if keyScratch.count < 16 {
            for (position, first) in keyScratch.enumerated() {
                for second in keyScratch[(position + 1)...] where sameBytes(first, second) { return true }
            }
            return false
        }
        var hashed = keyScratch.map { (hash: hash(of: $0), key: $0) }
        hashed.sort { $0.hash < $1.hash }
        for offset in 1..<hashed.count where hashed[offset].hash == hashed[offset - 1].hash {
            // Equal hashes are rare; compare every pair in the run.
            var earlier = offset - 1
            while earlier >= 0 && hashed[earlier].hash == hashed[offset].hash {
                if sameBytes(hashed[earlier].key, hashed[offset].key) { return true }
                earlier -= 1
            }
        }
        return false
    }

    private func sameBytes(_ first: Int, _ second: Int) -> Bool {
        let one = entries[first]
        let other = entries[second]
        guard one.length == other.length else { return false }
        return memcmpEqual(Int(one.offset), Int(other.offset), Int(one.length))
    }

    private func memcmpEqual(_ first: Int, _ second: Int, _ count: Int) -> Bool {
        for offset in 0..<count where bytes[first + offset] != bytes[second + offset] { return false }
        return true
    }

    private func hash(of key: Int) -> UInt64 {
        let entry = entries[key]
        return JSONTape.hash(bytes, Int(entry.offset)..<Int(entry.offset + entry.length))
    }

    // MARK: - Strings

    private mutating func scanString() -> Bool {
        index += 1
        let start = index
        var escaped = false
        index = PlainASCII.end(in: bytes, from: index)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard index - start <= JSONTape.Entry.maximumLength else { return tooLarge() }
                entries.append(
                    .init(kind: .string, flag: escaped, offset: UInt32(start), length: UInt32(index - start)))
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                guard scanEscape() else { return false }
                escaped = true
            } else if byte < 0x20 {
                return false
            } else if byte >= 0x80 {
                guard let length = UTF8Sequence.length(in: bytes, at: index) else { return false }
                index += length
            } else {
                index += 1
                index = PlainASCII.end(in: bytes, from: index)
            }
        }
        return false
    }

    private mutating func scanEscape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        let kind = bytes[index + 1]
        index += 2
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            guard let scalar = hex4() else { return false }
            if (0xDC00...0xDFFF).contains(scalar) { return false }
            guard (0xD800...0xDBFF).contains(scalar) else { return true }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else { return false }
            index += 2
            guard let low = hex4() else { return false }
            return (0xDC00...0xDFFF).contains(low)
        default:
            return false
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: - Numbers

    /// A number literal: its digit runs are measured a word at a time (`ASCIIDigits`); its value
    /// is read only when a keyword asks (`DecimalLiteral`, `JSONNumber.scan`).
    private mutating func scanNumber() -> Bool {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integer = ASCIIDigits.run(in: bytes, from: index)
        // One digit at least, and no leading zero before another digit.
        guard integer > 0, integer == 1 || bytes[index] != UInt8(ascii: "0") else { return false }
        index += integer
        var plain = integer <= 18
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            plain = false
            let fraction = ASCIIDigits.run(in: bytes, from: index + 1)
            guard fraction > 0 else { return false }
            index += 1 + fraction
        }
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            plain = false
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
            {
                index += 1
            }
            let exponent = ASCIIDigits.run(in: bytes, from: index)
            guard exponent > 0 else { return false }
            index += exponent
        }
        guard index - start <= JSONTape.Entry.maximumLength else { return tooLarge() }
        entries.append(
            .init(kind: .number, flag: plain, offset: UInt32(start), length: UInt32(index - start)))
        return true
    }
}

extension JSONTape {
    /// FNV-1a over a byte range: key hashes for member lookup and the duplicate check.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for offset in range {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
