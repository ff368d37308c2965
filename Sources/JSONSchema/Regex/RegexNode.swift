/// The parsed form of an ECMA-262 pattern, as the matcher walks it.
///
/// Only what JSON Schema patterns use is here: literals, `.`, classes, anchors, word boundaries,
/// groups, lookahead, alternation and quantifiers. Anything else (backreferences, lookbehind,
/// Unicode property escapes) makes the parser give up, and the pattern goes to
/// `NSRegularExpression` instead.
indirect enum RegexNode: Sendable {
    /// Matches the empty string.
    case empty
    /// One Unicode scalar.
    case scalar(UInt32)
    /// One scalar of a set (a class, `.`, `\d` …).
    case set(ScalarSet)
    /// `^`: the start of the input (patterns have no multiline flag).
    case start
    /// `$`: the end of the input.
    case end
    /// `\b` (true) or `\B` (false), with ECMA-262's ASCII word characters.
    case wordBoundary(Bool)
    /// Items matched one after the other.
    case sequence([RegexNode])
    /// The first alternative that lets the rest of the pattern match.
    case alternation([RegexNode])
    /// `node` repeated between `min` and `max` times (nil: unbounded), greedy or lazy.
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
    /// `(?=…)` or, negated, `(?!…)`.
    case lookahead(RegexNode, negated: Bool)

    /// Whether the node always consumes exactly one scalar, so a repetition of it can be matched
    /// by counting instead of recursion.
    var singleScalar: ScalarSet? {
        switch self {
        case .scalar(let value): return ScalarSet(ranges: [value...value])
        case .set(let set): return set
        default: return nil
        }
    }
}

/// A set of Unicode scalars as sorted, non-overlapping ranges.
struct ScalarSet: Sendable {
    private(set) var ranges: [ClosedRange<UInt32>]

    init(ranges: [ClosedRange<UInt32>]) {
        self.ranges = Self.normalized(ranges)
    }

    func contains(_ scalar: UInt32) -> Bool {
        if ranges.count <= 4 {
            for range in ranges where range.contains(scalar) { return true }
            return false
        }
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if scalar < range.lowerBound {
                high = middle - 1
            } else if scalar > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Every scalar not in the set.
    var inverted: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.maximum { result.append(next...Self.maximum) }
        return ScalarSet(ranges: result)
    }

    func union(_ other: ScalarSet) -> ScalarSet { ScalarSet(ranges: ranges + other.ranges) }

    static let maximum: UInt32 = 0x10FFFF

    private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// `\d`: ASCII digits only, as ECMA-262 defines it.
    static let digits = ScalarSet(ranges: [0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`.
    static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMA-262 white space and line terminators, U+FEFF included.
    static let space = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// `.`: every scalar but the line terminators.
    static let dot = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted
}
