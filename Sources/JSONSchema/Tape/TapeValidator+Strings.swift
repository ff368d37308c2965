/// String keywords on the tape, on the string's UTF-8 bytes: in place when it holds no escape, else
/// decoded once into a reused buffer. `enum`/`const` compare bytes (as the evaluator compares
/// strings), `pattern` runs the regex on bytes, lengths count scalars by their lead bytes, and
/// `format` takes a byte-level check where `TapeFormat` has one. No `String` or `JSONValue` is
/// built unless a format needs the general check.
extension TapeValidator {
    /// `enum`/`const`, `maxLength`, `minLength`, `pattern` and `format`.
    @inline(__always)
    mutating func evaluateString(_ op: TapeOp, _ entry: JSONTape.Entry, at cursor: Int) -> Bool {
        guard entry.kind == .string else {
            guard op.code == .strings else { return true }
            // Only strings can equal a list of strings: no value to build for the evaluator.
            if op.flag { return false }
            let instance = value(at: cursor)
            return fallback.assert(program.keywords[Int(op.c)], instance)
        }
        switch op.code {
        case .strings:
            return oneOf(keys: Int(op.a)..<Int(op.a + op.b), entry)
        case .maxLength:
            if entry.length <= UInt32(op.a) { return true }
            return withText(entry) { Self.scalarCount($0) } <= Int(op.a)
        case .minLength:
            if entry.length < UInt32(op.a) { return false }
            // A scalar takes at most 4 bytes, or 12 written as escapes (a surrogate pair): long
            // enough text has enough scalars without counting them.
            if Int(entry.length) >= (entry.flag ? 12 : 4) * Int(op.a) { return true }
            return withText(entry) { Self.scalarCount($0) } >= Int(op.a)
        case .pattern:
            let search = tables.searches[Int(op.a)]
            if let found = withText(entry, { text in search?._withUnsafeGuaranteedRef { $0.search(text) } }) {
                return found
            }
            let regex = program.regexes[Int(op.a)]
            return withText(entry) { regex.matches(utf8: $0) }
        default:
            let format = program.formats[Int(op.a)]
            return withText(entry) { TapeFormat.accepts(format, $0) }
        }
    }

    /// Whether the string's decoded text is one of `keys`, byte for byte.
    @inline(__always)
    private mutating func oneOf(keys: Range<Int>, _ entry: JSONTape.Entry) -> Bool {
        if !entry.flag {
            for key in keys where equalsKey(entry, key) { return true }
            return false
        }
        let tables = self.tables
        return withText(entry) { text in
            for key in keys where Self.same(text, tables.keys[key], tables.keyBytes) { return true }
            return false
        }
    }

    /// Runs `body` on the UTF-8 bytes a string entry stands for.
    @inline(__always)
    mutating func withText<Result>(_ entry: JSONTape.Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        let range = Int(entry.offset)..<Int(entry.offset + entry.length)
        if !entry.flag { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
        if decoded.offset != entry.offset {
            if decoded.text.count < range.count {
                decoded.text = [UInt8](repeating: 0, count: max(range.count, 2 * decoded.text.count))
            }
            let bytes = self.bytes
            decoded.count = decoded.text.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { JSONTape.unescape(bytes, range, into: $0) } ?? 0
            }
            decoded.offset = entry.offset
        }
        let count = decoded.count
        return decoded.text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Whether `text` is the bytes of `key`.
    @inline(__always)
    static func same(
        _ text: UnsafeBufferPointer<UInt8>, _ key: TapeKey, _ keyBytes: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        guard Int(key.length) == text.count else { return false }
        let start = Int(key.start)
        for offset in 0..<text.count where keyBytes[start + offset] != text[offset] { return false }
        return true
    }

    /// The Unicode scalar count of valid UTF-8 (what `minLength`/`maxLength` count): its bytes
    /// that are not continuation bytes.
    static func scalarCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// `uniqueItems` on an array of ASCII strings without escapes (the usual `tags`), compared as
    /// bytes; nil for any other array, which the evaluator takes (`String` equality is canonical
    /// equivalence, so non-ASCII text that differs in bytes may still be equal there).
    func uniqueASCIIStrings(in cursor: Int) -> Bool? {
        let count = Int(entries[cursor].length)
        guard count <= 32 else { return nil }
        // Every element before a non-string is one entry, so element `i` is entry `cursor + 1 + i`.
        for element in (cursor + 1)..<(cursor + 1 + count) {
            let entry = entries[element]
            guard entry.kind == .string, !entry.flag else { return nil }
            for offset in Int(entry.offset)..<Int(entry.offset + entry.length) where bytes[offset] >= 0x80 {
                return nil
            }
        }
        for second in (cursor + 1)..<(cursor + 1 + count) {
            let right = entries[second]
            for first in (cursor + 1)..<second {
                let left = entries[first]
                guard left.length == right.length else { continue }
                var same = true
                for offset in 0..<Int(left.length)
                where bytes[Int(left.offset) + offset] != bytes[Int(right.offset) + offset] {
                    same = false
                    break
                }
                if same { return false }
            }
        }
        return true
    }
}
