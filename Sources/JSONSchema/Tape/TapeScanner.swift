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
    let entries: JSONTape.EntryStorage
    /// Set when an object names a key twice (the document is still valid).
    var hasDuplicateKeys = false
    /// Set when a string, number or container exceeds what an entry describes (the scan then
    /// fails, and the caller reads the document with `JSONParser`).
    var exceedsEntry = false

    /// A scanner of `bytes`; `capacity` entries are allocated up front (the streaming validator
    /// keeps few entries at a time and asks for few).
    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, capacity: Int? = nil) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        // Roughly one entry per 12 bytes of typical API JSON; more grows the storage. (A large
        // allocation that is never filled is never resident either.)
        entries = JSONTape.EntryStorage(capacity: capacity ?? bytes.count / 12)
    }

    /// Whether the whole input is one JSON value.
    mutating func scanDocument(allowsByteOrderMark: Bool) -> Bool {
        guard startDocument(allowsByteOrderMark: allowsByteOrderMark), scanValue() else { return false }
        return endDocument()
    }

    /// Skips a byte order mark (when allowed) and whitespace before the document's value.
    mutating func startDocument(allowsByteOrderMark: Bool) -> Bool {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            guard allowsByteOrderMark else { return false }
            index = 3
        }
        skipWhitespace()
        return index < bytes.count
    }

    /// Whether only whitespace follows the document's value.
    mutating func endDocument() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Whitespace is rare in minified bodies (one comparison says there is none) and comes in
    /// runs of spaces in indented ones.
    @inline(__always)
    mutating func skipWhitespace() {
        if index < bytes.count && bytes[index] <= 0x20 { skipWhitespaceRun() }
    }

    private mutating func skipWhitespaceRun() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20:
                index += 1
                if index < bytes.count && bytes[index] == 0x20 {
                    index = PlainASCII.pastSpaces(in: bytes, from: index)
                }
            case 0x0A, 0x0D, 0x09:
                index += 1
            default:
                return
            }
        }
    }

    @inline(__always)
    mutating func scanValue() -> Bool {
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
    mutating func scanKey() -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), scanString() else { return false }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    mutating func tooLarge() -> Bool {
        exceedsEntry = true
        return false
    }

    /// A number literal: its digit runs are measured a word at a time (`ASCIIDigits`); its value
    /// is read only when a keyword asks (`DecimalLiteral`, `JSONNumber.scan`). Offsets stay below
    /// the input's count, so the arithmetic needs no overflow checks.
    @inline(__always)
    private mutating func scanNumber() -> Bool {
        let start = index
        var position = bytes[start] == UInt8(ascii: "-") ? start &+ 1 : start
        if let base = bytes.baseAddress, position &+ 48 <= bytes.count,
            let short = shortNumber(base, position)
        {
            return appendNumber(from: start, to: short.end, plain: short.plain)
        }
        let integer = ASCIIDigits.run(in: bytes, from: position)
        // One digit at least, and no leading zero before another digit.
        guard integer > 0, integer == 1 || bytes[position] != UInt8(ascii: "0") else { return false }
        position &+= integer
        var plain = integer <= 18
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            plain = false
            let fraction = ASCIIDigits.run(in: bytes, from: position &+ 1)
            guard fraction > 0 else { return false }
            position &+= 1 &+ fraction
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            plain = false
            guard let end = exponentEnd(from: position &+ 1) else { return false }
            position = end
        }
        return appendNumber(from: start, to: position, plain: plain)
    }

    @inline(__always)
    private mutating func appendNumber(from start: Int, to end: Int, plain: Bool) -> Bool {
        index = end
        guard end &- start <= JSONTape.Entry.maximumLength else { return tooLarge() }
        entries.append(
            .init(
                kind: .number, flag: plain, offset: UInt32(truncatingIfNeeded: start),
                length: UInt32(truncatingIfNeeded: end &- start)))
        return true
    }

    /// The common literal, `digits` or `digits.digits` with fewer than 16 integer and 16 fraction
    /// digits and no exponent, read a word at a time without a loop; nil sends anything else
    /// (longer, an exponent, or not a number) to the general path, which decides. The caller
    /// leaves 48 bytes of input after `position`.
    @inline(__always)
    private func shortNumber(_ base: UnsafePointer<UInt8>, _ position: Int) -> (end: Int, plain: Bool)? {
        var integerStops = ASCIIDigits.nonDigits(ASCIIDigits.word(base, position))
        var integer = integerStops.trailingZeroBitCount >> 3
        if integerStops == 0 {
            // Ids and timestamps: 8 to 15 integer digits.
            integerStops = ASCIIDigits.nonDigits(ASCIIDigits.word(base, position &+ 8))
            guard integerStops != 0 else { return nil }
            integer = 8 &+ integerStops.trailingZeroBitCount >> 3
        }
        // No digit, or a leading zero before another digit.
        guard integer > 0, integer == 1 || base[position] != UInt8(ascii: "0") else { return nil }
        var end = position &+ integer
        var plain = true
        if base[end] == UInt8(ascii: ".") {
            let fractionStart = end &+ 1
            var stops = ASCIIDigits.nonDigits(ASCIIDigits.word(base, fractionStart))
            var fraction = stops.trailingZeroBitCount >> 3
            if stops == 0 {
                stops = ASCIIDigits.nonDigits(ASCIIDigits.word(base, fractionStart &+ 8))
                guard stops != 0 else { return nil }
                fraction = 8 &+ stops.trailingZeroBitCount >> 3
            }
            guard fraction > 0 else { return nil }
            end = fractionStart &+ fraction
            plain = false
        }
        guard base[end] | 0x20 != UInt8(ascii: "e") else { return nil }
        return (end, plain)
    }

    /// The end of an exponent's optional sign and digits, or nil without a digit.
    private func exponentEnd(from start: Int) -> Int? {
        var position = start
        if position < bytes.count
            && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
        {
            position += 1
        }
        let digits = ASCIIDigits.run(in: bytes, from: position)
        return digits > 0 ? position + digits : nil
    }
}
