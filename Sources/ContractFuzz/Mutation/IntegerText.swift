import JSONSchema

/// Integers one past a bound too large for `Int64` (a `maximum` of 2^63), by decimal arithmetic on
/// their digits: the value just beyond the largest allowed one is the first a server gets wrong.
enum IntegerText {
    /// `number ± 1` when `number` is an integer written in plain digits; nil otherwise.
    static func step(_ number: JSONNumber, upward: Bool) -> JSONNumber? {
        guard number.isInteger else { return nil }
        var text = number.description
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        // Away from zero adds to the magnitude, toward zero takes from it.
        let grows = upward != negative
        let magnitude = grows ? increment(text) : decrement(text)
        guard let magnitude else { return nil }
        let signed = negative && magnitude != "0" ? "-" + magnitude : magnitude
        return JSONNumber(parsing: signed)
    }

    private static func increment(_ digits: String) -> String {
        var bytes = Array(digits.utf8)
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "9") {
                bytes[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                bytes[index] += 1
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return "1" + String(decoding: bytes, as: UTF8.self)
    }

    private static func decrement(_ digits: String) -> String? {
        guard digits != "0" else { return nil }
        var bytes = Array(digits.utf8)
        var index = bytes.count - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "0") {
                bytes[index] = UInt8(ascii: "9")
                index -= 1
            } else {
                bytes[index] -= 1
                break
            }
        }
        let trimmed = bytes.drop { $0 == UInt8(ascii: "0") }
        return trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)
    }
}
