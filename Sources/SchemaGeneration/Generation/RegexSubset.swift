/// A parsed regular expression from the subset that API schemas use in practice, able to produce
/// strings that match it.
///
/// Supported: literals and escapes, classes (`[a-z0-9_-]`, `[^…]`), `\d \w \s` and their negations,
/// `.`, quantifiers `* + ? {n} {n,} {n,m}` (lazy forms too), groups (`(…)`, `(?:…)`, `(?<name>…)`),
/// alternation and the anchors `^ $`. Lookaround, backreferences, `\b` and `\p{…}` make parsing throw,
/// and the caller falls back to trying candidate strings. Negated classes and `.` draw from printable
/// ASCII so that generated strings stay readable, or from a narrower `alphabet` when the string must
/// also satisfy a `format` (a `[^/]+` inside a `uri` pattern then draws only what a URI accepts,
/// instead of drawing `<` or a space and being rejected).
package struct RegexSubset: Sendable {
    package indirect enum Node: Sendable {
        case scalars([ClosedRange<UInt32>])
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?)
        case anchor
    }

    package struct Unsupported: Error {}

    package let root: Node
    package let anchoredAtStart: Bool
    package let anchoredAtEnd: Bool

    package static let printable: [ClosedRange<UInt32>] = [0x20...0x7E]
    package static let digits: [ClosedRange<UInt32>] = [0x30...0x39]
    package static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    package static let space: [ClosedRange<UInt32>] = [0x20...0x20, 0x09...0x09]

    /// - Parameter alphabet: what negated classes, `.`, `\D`, `\W` and `\S` draw from; printable
    ///   ASCII by default. A class that leaves nothing of the alphabet falls back to printable ASCII.
    package init(_ pattern: String, alphabet: [ClosedRange<UInt32>] = RegexSubset.printable)
        throws(Unsupported)
    {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), alphabet: alphabet)
        root = try parser.parseAlternation()
        guard parser.position == parser.scalars.count else { throw Unsupported() }
        anchoredAtStart = pattern.hasPrefix("^")
        anchoredAtEnd = pattern.hasSuffix("$") && !pattern.hasSuffix("\\$")
    }

    /// A random string matching the expression; unbounded repetitions add at most `extra` copies.
    package func generate(using rng: inout SeededRandom, extra: Int) -> String {
        // UTF-8 bytes, decoded once: appending scalar by scalar to a string was most of the cost.
        var output: [UInt8] = []
        output.reserveCapacity(32)
        Self.emit(root, into: &output, rng: &rng, extra: extra)
        return String(decoding: output, as: UTF8.self)
    }

    private static func emit(_ node: Node, into output: inout [UInt8], rng: inout SeededRandom, extra: Int) {
        switch node {
        case .scalars(let ranges):
            guard let scalar = pick(from: ranges, using: &rng) else { break }
            if scalar.isASCII {
                output.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { output.append($0) }
            }
        case .sequence(let nodes):
            for child in nodes { emit(child, into: &output, rng: &rng, extra: extra) }
        case .alternation(let branches):
            if let branch = rng.element(of: branches) { emit(branch, into: &output, rng: &rng, extra: extra) }
        case .repetition(let child, let min, let max):
            let upper = max ?? (min + extra)
            let count = rng.int(in: min...Swift.max(min, upper))
            for _ in 0..<count { emit(child, into: &output, rng: &rng, extra: extra) }
        case .anchor:
            break
        }
    }

    package static func pick(from ranges: [ClosedRange<UInt32>], using rng: inout SeededRandom) -> Unicode
        .Scalar?
    {
        let total = ranges.reduce(UInt64(0)) { $0 + UInt64($1.count) }
        guard total > 0 else { return nil }
        var offset = rng.below(total)
        for range in ranges {
            if offset < UInt64(range.count) {
                return Unicode.Scalar(range.lowerBound + UInt32(offset)) ?? Unicode.Scalar(0x61)
            }
            offset -= UInt64(range.count)
        }
        return nil
    }

    /// The printable ASCII scalars outside `ranges`, for negated classes.
    package static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        complement(ranges, within: printable)
    }

    /// The scalars of `alphabet` outside `ranges`, as few ranges as possible (a draw walks them);
    /// printable ASCII outside `ranges` when that leaves nothing.
    package static func complement(_ ranges: [ClosedRange<UInt32>], within alphabet: [ClosedRange<UInt32>])
        -> [ClosedRange<UInt32>]
    {
        var result: [ClosedRange<UInt32>] = []
        for part in alphabet {
            for value in part where !ranges.contains(where: { $0.contains(value) }) {
                if let last = result.last, last.upperBound + 1 == value {
                    result[result.count - 1] = last.lowerBound...value
                } else {
                    result.append(value...value)
                }
            }
        }
        if result.isEmpty && alphabet != printable { return complement(ranges, within: printable) }
        return result
    }
}

extension RegexSubset {
    fileprivate struct Parser {
        let scalars: [Unicode.Scalar]
        let alphabet: [ClosedRange<UInt32>]
        var position = 0

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func parseAlternation() throws(Unsupported) -> Node {
            var branches = [try parseSequence()]
            while current == "|" {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws(Unsupported) -> Node {
            var items: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                let atom = try parseAtom()
                items.append(try parseQuantifier(atom))
            }
            return .sequence(items)
        }

        mutating func parseAtom() throws(Unsupported) -> Node {
            guard let scalar = current else { throw Unsupported() }
            position += 1
            switch scalar {
            case "^", "$": return .anchor
            case ".": return .scalars(alphabet)
            case "(":
                if current == "?" {
                    position += 1
                    if current == ":" {
                        position += 1
                    } else if current == "<", position + 1 < scalars.count, scalars[position + 1] != "=",
                        scalars[position + 1] != "!"
                    {
                        while let next = current, next != ">" { position += 1 }
                        position += 1
                    } else {
                        throw Unsupported()
                    }
                }
                let inner = try parseAlternation()
                guard current == ")" else { throw Unsupported() }
                position += 1
                return inner
            case "[": return try parseClass()
            case "\\": return .scalars(try parseEscape(inClass: false))
            case "*", "+", "?", "{", ")", "]": throw Unsupported()
            default: return .scalars([scalar.value...scalar.value])
            }
        }

        mutating func parseEscape(inClass: Bool) throws(Unsupported) -> [ClosedRange<UInt32>] {
            guard let scalar = current else { throw Unsupported() }
            position += 1
            switch scalar {
            case "d": return RegexSubset.digits
            case "D": return RegexSubset.complement(RegexSubset.digits, within: alphabet)
            case "w": return RegexSubset.word
            case "W": return RegexSubset.complement(RegexSubset.word, within: alphabet)
            case "s": return RegexSubset.space
            case "S": return RegexSubset.complement(RegexSubset.space, within: alphabet)
            case "n": return [0x0A...0x0A]
            case "t": return [0x09...0x09]
            case "r": return [0x0D...0x0D]
            case "u":
                guard position + 4 <= scalars.count,
                    let value = UInt32(
                        String(String.UnicodeScalarView(scalars[position..<position + 4])), radix: 16)
                else { throw Unsupported() }
                position += 4
                return [value...value]
            default:
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { throw Unsupported() }
                return [scalar.value...scalar.value]
            }
        }

        mutating func parseClass() throws(Unsupported) -> Node {
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while let scalar = current, scalar != "]" || first {
                first = false
                position += 1
                var low: UInt32
                if scalar == "\\" {
                    let escaped = try parseEscape(inClass: true)
                    guard escaped.count == 1, escaped[0].count == 1 else {
                        ranges += escaped
                        continue
                    }
                    low = escaped[0].lowerBound
                } else {
                    low = scalar.value
                }
                if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    guard let upperScalar = current else { throw Unsupported() }
                    position += 1
                    var high = upperScalar.value
                    if upperScalar == "\\" {
                        let escaped = try parseEscape(inClass: true)
                        guard escaped.count == 1, escaped[0].count == 1 else { throw Unsupported() }
                        high = escaped[0].lowerBound
                    }
                    guard low <= high else { throw Unsupported() }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard current == "]" else { throw Unsupported() }
            position += 1
            return .scalars(negated ? RegexSubset.complement(ranges, within: alphabet) : ranges)
        }

        mutating func parseQuantifier(_ atom: Node) throws(Unsupported) -> Node {
            guard let scalar = current else { return atom }
            var node: Node
            switch scalar {
            case "*": node = .repetition(atom, min: 0, max: nil)
            case "+": node = .repetition(atom, min: 1, max: nil)
            case "?": node = .repetition(atom, min: 0, max: 1)
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else { return atom }
                let body = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count <= 2, let low = Int(parts[0]) else { throw Unsupported() }
                let high: Int? = parts.count == 1 ? low : (parts[1].isEmpty ? nil : Int(parts[1]))
                if parts.count == 2 && !parts[1].isEmpty && high == nil { throw Unsupported() }
                node = .repetition(atom, min: low, max: high)
                position = close
            default: return atom
            }
            position += 1
            if current == "?" { position += 1 }
            if current == "+" || current == "*" || current == "{" { throw Unsupported() }
            return node
        }
    }
}
