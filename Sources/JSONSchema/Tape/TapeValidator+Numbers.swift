/// Numeric keywords on the tape: the literal's bytes are read as `significand × 10^exponent`
/// (`DecimalLiteral`), once per value however many bounds a node sets on it; only a literal or a
/// bound too long for that takes the exact `JSONNumber`.
extension TapeValidator {
    /// A numeric keyword on a number entry: on the literal when both sides are short, else exactly.
    mutating func number(_ bound: NumberBound, _ entry: JSONTape.Entry, keyword: Int) -> Bool {
        if let limit = bound.literal, let value = literal(entry) {
            switch bound.kind {
            case .minimum: return DecimalLiteral.compare(value, limit) >= 0
            case .maximum: return DecimalLiteral.compare(value, limit) <= 0
            case .exclusiveMinimum: return DecimalLiteral.compare(value, limit) > 0
            case .exclusiveMaximum: return DecimalLiteral.compare(value, limit) < 0
            case .multipleOf:
                if let multiple = value.isMultiple(of: limit) { return multiple }
            }
        }
        return fallback.assert(program.keywords[keyword], .number(JSONTape.number(entry, bytes)))
    }

    /// Whether a number entry is an integer (`1.0` is).
    mutating func isInteger(_ entry: JSONTape.Entry) -> Bool {
        if entry.flag { return true }
        if let literal = literal(entry) { return literal.isInteger }
        return JSONTape.number(entry, bytes).isInteger
    }

    /// The literal of a number entry, read once for consecutive keywords on it.
    @inline(__always)
    private mutating func literal(_ entry: JSONTape.Entry) -> DecimalLiteral? {
        if literal.offset != entry.offset {
            let start = Int(entry.offset)
            let length = Int(entry.length)
            literal = (
                entry.offset,
                entry.flag
                    ? DecimalLiteral.integer(bytes, start, length) : DecimalLiteral.read(bytes, start, length)
            )
        }
        return literal.value
    }
}
