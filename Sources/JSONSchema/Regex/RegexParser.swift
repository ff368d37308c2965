/// Parses the ECMA-262 pattern syntax JSON Schema patterns use into a `RegexNode`.
///
/// It refuses (returns nil from `parse`) rather than guess: backreferences, lookbehind, named
/// backreferences, `\p{…}`, unknown escapes and malformed syntax all go to `NSRegularExpression`,
/// which then decides whether the pattern is valid at all.
struct RegexParser {
    private let scalars: [UInt32]
    private var index = 0

    private init(_ source: String) { scalars = source.unicodeScalars.map(\.value) }

    /// The parsed pattern, or nil when it uses something this engine leaves to ICU.
    static func parse(_ source: String) -> RegexNode? {
        var parser = RegexParser(source)
        guard let node = try? parser.alternation(), parser.index == parser.scalars.count else { return nil }
        return node
    }

    private struct Unsupported: Error {}

    private var current: UInt32? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> UInt32? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func take(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, current == scalar.value else { return false }
        index += 1
        return true
    }

    private static func code(_ character: Character) -> UInt32 {
        character.unicodeScalars.first.map(\.value) ?? 0
    }

    // MARK: - Structure

    private mutating func alternation() throws(Unsupported) -> RegexNode {
        var branches = [try sequence()]
        while take("|") { branches.append(try sequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Unsupported) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != Self.code("|"), scalar != Self.code(")") {
            let atom = try self.atom()
            items.append(try quantified(atom))
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func quantified(_ atom: RegexNode) throws(Unsupported) -> RegexNode {
        let bounds: (Int, Int?)
        switch current {
        case Self.code("*"):
            index += 1
            bounds = (0, nil)
        case Self.code("+"):
            index += 1
            bounds = (1, nil)
        case Self.code("?"):
            index += 1
            bounds = (0, 1)
        case Self.code("{"):
            guard let braces = braceQuantifier() else { return atom }
            bounds = braces
        default:
            return atom
        }
        switch atom {
        case .start, .end, .wordBoundary, .lookahead: throw Unsupported()
        default: break
        }
        if let max = bounds.1, max < bounds.0 { throw Unsupported() }
        let greedy = !take("?")
        return .repetition(atom, min: bounds.0, max: bounds.1, greedy: greedy)
    }

    /// `{n}`, `{n,}` or `{n,m}`; nil (and nothing consumed) when the brace is a literal.
    private mutating func braceQuantifier() -> (Int, Int?)? {
        let start = index
        index += 1
        func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = current, (0x30...0x39).contains(scalar) {
                value = min(value * 10 + Int(scalar - 0x30), 100_000)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number() else {
            index = start
            return nil
        }
        var high: Int? = low
        if take(",") { high = number() }
        guard take("}") else {
            index = start
            return nil
        }
        return (low, high)
    }

    private mutating func atom() throws(Unsupported) -> RegexNode {
        guard let scalar = current else { throw Unsupported() }
        index += 1
        switch scalar {
        case Self.code("^"): return .start
        case Self.code("$"): return .end
        case Self.code("."): return .set(.dot)
        case Self.code("("): return try group()
        case Self.code("["): return .set(try characterClass())
        case Self.code("\\"): return try escape()
        case Self.code("*"), Self.code("+"), Self.code("?"): throw Unsupported()
        case Self.code("{"):
            index -= 1
            if braceQuantifier() != nil { throw Unsupported() }
            index += 1
            return .scalar(scalar)
        default: return .scalar(scalar)
        }
    }

    private mutating func group() throws(Unsupported) -> RegexNode {
        var lookahead: Bool?
        if take("?") {
            if take(":") {
                lookahead = nil
            } else if take("=") {
                lookahead = false
            } else if take("!") {
                lookahead = true
            } else if current == Self.code("<"), let next = peek(1), next != Self.code("="),
                next != Self.code("!")
            {
                // A named group: the name is irrelevant without backreferences.
                index += 1
                while let scalar = current, scalar != Self.code(">") {
                    guard ScalarSet.word.contains(scalar) || scalar == Self.code("$") else {
                        throw Unsupported()
                    }
                    index += 1
                }
                guard take(">") else { throw Unsupported() }
            } else {
                throw Unsupported()
            }
        }
        let body = try alternation()
        guard take(")") else { throw Unsupported() }
        if let negated = lookahead { return .lookahead(body, negated: negated) }
        return body
    }

    // MARK: - Escapes and classes

    private mutating func escape() throws(Unsupported) -> RegexNode {
        guard let scalar = current else { throw Unsupported() }
        switch scalar {
        case Self.code("b"):
            index += 1
            return .wordBoundary(true)
        case Self.code("B"):
            index += 1
            return .wordBoundary(false)
        default:
            let set = try classEscape(inClass: false)
            if set.ranges.count == 1, set.ranges[0].lowerBound == set.ranges[0].upperBound {
                return .scalar(set.ranges[0].lowerBound)
            }
            return .set(set)
        }
    }

    /// The set an escape stands for (a one-scalar set for a character escape).
    private mutating func classEscape(inClass: Bool) throws(Unsupported) -> ScalarSet {
        guard let scalar = current else { throw Unsupported() }
        index += 1
        func single(_ value: UInt32) -> ScalarSet { ScalarSet(ranges: [value...value]) }
        switch scalar {
        case Self.code("d"): return .digits
        case Self.code("D"): return ScalarSet.digits.inverted
        case Self.code("w"): return .word
        case Self.code("W"): return ScalarSet.word.inverted
        case Self.code("s"): return .space
        case Self.code("S"): return ScalarSet.space.inverted
        case Self.code("n"): return single(0x0A)
        case Self.code("r"): return single(0x0D)
        case Self.code("t"): return single(0x09)
        case Self.code("v"): return single(0x0B)
        case Self.code("f"): return single(0x0C)
        case Self.code("b") where inClass: return single(0x08)
        case Self.code("0"):
            if let next = current, (0x30...0x39).contains(next) { throw Unsupported() }
            return single(0)
        case Self.code("c"):
            guard let letter = current, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter)
            else {
                throw Unsupported()
            }
            index += 1
            return single(letter % 32)
        case Self.code("x"):
            return single(try hex(digits: 2))
        case Self.code("u"):
            return single(try unicodeEscape())
        default:
            let syntax = "^$\\.*+?()[]{}|/-".unicodeScalars.map(\.value)
            guard syntax.contains(scalar) else { throw Unsupported() }
            return single(scalar)
        }
    }

    private mutating func hex(digits: Int) throws(Unsupported) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = current, let digit = Self.hexValue(scalar) else { throw Unsupported() }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// `\uXXXX`, joining a surrogate pair written as two escapes.
    private mutating func unicodeEscape() throws(Unsupported) -> UInt32 {
        let first = try hex(digits: 4)
        guard (0xD800...0xDBFF).contains(first) else {
            if (0xDC00...0xDFFF).contains(first) { throw Unsupported() }
            return first
        }
        guard current == Self.code("\\"), peek(1) == Self.code("u") else { throw Unsupported() }
        index += 2
        let second = try hex(digits: 4)
        guard (0xDC00...0xDFFF).contains(second) else { throw Unsupported() }
        return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    }

    private static func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: return scalar - 0x30
        case 0x41...0x46: return scalar - 0x41 + 10
        case 0x61...0x66: return scalar - 0x61 + 10
        default: return nil
        }
    }

    private mutating func characterClass() throws(Unsupported) -> ScalarSet {
        let negated = take("^")
        var set = ScalarSet(ranges: [])
        while let scalar = current, scalar != Self.code("]") {
            let low = try classAtom()
            if current == Self.code("-"), let next = peek(1), next != Self.code("]") {
                index += 1
                let high = try classAtom()
                guard let from = low.onlyScalar, let to = high.onlyScalar, from <= to else {
                    throw Unsupported()
                }
                set = set.union(ScalarSet(ranges: [from...to]))
            } else {
                set = set.union(low)
            }
        }
        guard take("]") else { throw Unsupported() }
        return negated ? set.inverted : set
    }

    private mutating func classAtom() throws(Unsupported) -> ScalarSet {
        guard let scalar = current else { throw Unsupported() }
        index += 1
        if scalar == Self.code("\\") { return try classEscape(inClass: true) }
        return ScalarSet(ranges: [scalar...scalar])
    }
}

extension ScalarSet {
    /// The scalar when the set holds exactly one, for class ranges like `a-z`.
    fileprivate var onlyScalar: UInt32? {
        guard ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return ranges[0].lowerBound
    }
}
