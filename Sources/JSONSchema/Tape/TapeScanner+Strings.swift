/// Strings for the tape scanner: runs of text are skipped a word at a time up to the next quote,
/// backslash or control character (`PlainASCII.stop`), past non-ASCII bytes too, which are then
/// checked as UTF-8 in one tight loop per run (`UTF8Sequence.validate`).
extension TapeScanner {
    /// A string from its opening quote: its entry records whether it holds an escape. The
    /// position stays in a local between escapes (offsets stay below the input's count, so the
    /// arithmetic wraps without checks).
    @inline(__always)
    mutating func scanString() -> Bool {
        let start = index &+ 1
        var position = start
        var escaped = false
        var run = start
        var sawHigh = false
        while true {
            position = PlainASCII.stop(in: bytes, from: position, sawHigh: &sawHigh)
            guard position < bytes.count else { return false }
            if sawHigh {
                guard UTF8Sequence.validate(bytes, from: run, to: position) else { return false }
                sawHigh = false
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position &+ 1
                guard position &- start <= JSONTape.Entry.maximumLength else { return tooLarge() }
                entries.append(
                    .init(
                        kind: .string, flag: escaped, offset: UInt32(truncatingIfNeeded: start),
                        length: UInt32(truncatingIfNeeded: position &- start)))
                return true
            }
            // A control character, or a backslash that does not start a valid escape.
            guard byte == UInt8(ascii: "\\") else { return false }
            index = position
            guard scanEscape() else { return false }
            position = index
            escaped = true
            run = position
        }
    }

    /// The escape at `index` (a backslash): one of the eight one-letter escapes, or `\u` with
    /// four hex digits, a high surrogate only with a low one after it.
    @inline(__always)
    private mutating func scanEscape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        let kind = bytes[index + 1]
        index += 2
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            return scanUnicodeEscape()
        default:
            return false
        }
    }

    /// The four hex digits after `\u` (and the low surrogate a high one needs).
    private mutating func scanUnicodeEscape() -> Bool {
        guard let scalar = hex4() else { return false }
        if (0xDC00...0xDFFF).contains(scalar) { return false }
        guard (0xD800...0xDBFF).contains(scalar) else { return true }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        else { return false }
        index += 2
        guard let low = hex4() else { return false }
        return (0xDC00...0xDFFF).contains(low)
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
}
