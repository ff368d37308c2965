/// A backtracking matcher for `RegexNode`s that reads UTF-8 bytes directly, with no bridging to
/// UTF-16 and no allocation for the common shapes (`^[a-z0-9-]+$`, `^\d{4}-\d{2}$`).
///
/// It is bounded: past a step or depth budget it gives up and `ECMARegex` asks
/// `NSRegularExpression`, so a pathological pattern costs what it costs with ICU, never a crash.
struct RegexMatcher {
    /// Work done so far, shared by the nested closures of one search.
    private final class Budget {
        var steps = 0
        var depth = 0
        var exhausted = false
    }

    /// Steps (node visits) one search may take before it gives up.
    static let stepLimit = 2_000_000
    /// Nested calls one search may make; kept low so secondary threads' small stacks suffice.
    static let depthLimit = 600

    private let bytes: UnsafeBufferPointer<UInt8>
    private let budget = Budget()

    /// Whether `node` matches somewhere in `bytes`; nil when the budget ran out first.
    static func search(_ node: RegexNode, in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let matcher = RegexMatcher(bytes: bytes)
        var start = 0
        while true {
            if matcher.match(node, start, { _ in true }) { return true }
            if matcher.budget.exhausted { return nil }
            if case .sequence(let items) = node, case .start? = items.first { return false }
            if case .start = node { return false }
            guard start < bytes.count else { return false }
            start += matcher.scalarLength(at: start)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: - UTF-8

    private func scalarLength(at offset: Int) -> Int {
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// The scalar at `offset` and its length in bytes; nil at the end.
    private func scalar(at offset: Int) -> (value: UInt32, length: Int)? {
        guard offset < bytes.count else { return nil }
        let lead = UInt32(bytes[offset])
        let length = scalarLength(at: offset)
        guard offset + length <= bytes.count else { return (lead, 1) }
        switch length {
        case 1: return (lead, 1)
        case 2: return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        case 3:
            return (
                (lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
                    | UInt32(bytes[offset + 2] & 0x3F), 3
            )
        default:
            return (
                (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                    | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F), 4
            )
        }
    }

    /// The scalar that ends at `offset`, for `\b`.
    private func scalar(before offset: Int) -> UInt32? {
        guard offset > 0 else { return nil }
        var start = offset - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start)?.value
    }

    private func isWord(_ scalar: UInt32?) -> Bool { scalar.map(ScalarSet.word.contains) ?? false }

    // MARK: - Matching

    /// Matches `node` at `position`, then asks `next` whether the rest matches from where it ended.
    private func match(_ node: RegexNode, _ position: Int, _ next: (Int) -> Bool) -> Bool {
        budget.steps += 1
        budget.depth += 1
        defer { budget.depth -= 1 }
        if budget.steps > Self.stepLimit || budget.depth > Self.depthLimit { budget.exhausted = true }
        if budget.exhausted { return false }
        switch node {
        case .empty:
            return next(position)
        case .scalar(let expected):
            guard let (value, length) = scalar(at: position), value == expected else { return false }
            return next(position + length)
        case .set(let set):
            guard let (value, length) = scalar(at: position), set.contains(value) else { return false }
            return next(position + length)
        case .start:
            return position == 0 && next(position)
        case .end:
            return position == bytes.count && next(position)
        case .wordBoundary(let wanted):
            let boundary = isWord(scalar(before: position)) != isWord(scalar(at: position)?.value)
            return boundary == wanted && next(position)
        case .sequence(let items):
            return sequence(items[...], position, next)
        case .alternation(let branches):
            for branch in branches {
                if match(branch, position, next) { return true }
                if budget.exhausted { return false }
            }
            return false
        case .lookahead(let body, let negated):
            let found = match(body, position) { _ in true }
            if budget.exhausted { return false }
            return found != negated && next(position)
        case .repetition(let body, let minimum, let maximum, let greedy):
            if let set = body.singleScalar {
                return repeatScalars(set, minimum, maximum, greedy, position, next)
            }
            return repeatNode(body, minimum, maximum, greedy, position, count: 0, next)
        }
    }

    private func sequence(_ items: ArraySlice<RegexNode>, _ position: Int, _ next: (Int) -> Bool) -> Bool {
        guard let first = items.first else { return next(position) }
        let rest = items.dropFirst()
        if rest.isEmpty { return match(first, position, next) }
        return match(first, position) { end in sequence(rest, end, next) }
    }

    /// A repetition of one-scalar items: count how far it can go, then try the rest from each end,
    /// longest first when greedy.
    private func repeatScalars(
        _ set: ScalarSet, _ minimum: Int, _ maximum: Int?, _ greedy: Bool, _ position: Int,
        _ next: (Int) -> Bool
    ) -> Bool {
        var ends = [position]
        var offset = position
        while maximum.map({ ends.count - 1 < $0 }) ?? true, let (value, length) = scalar(at: offset),
            set.contains(value)
        {
            offset += length
            ends.append(offset)
        }
        budget.steps += ends.count
        guard ends.count - 1 >= minimum else { return false }
        let counts =
            greedy
            ? Array(stride(from: ends.count - 1, through: minimum, by: -1))
            : Array(minimum...(ends.count - 1))
        for count in counts {
            if next(ends[count]) { return true }
            budget.steps += 1
            if budget.exhausted || budget.steps > Self.stepLimit {
                budget.exhausted = true
                return false
            }
        }
        return false
    }

    private func repeatNode(
        _ body: RegexNode, _ minimum: Int, _ maximum: Int?, _ greedy: Bool, _ position: Int, count: Int,
        _ next: (Int) -> Bool
    ) -> Bool {
        if count < minimum {
            return match(body, position) { end in
                repeatNode(body, minimum, maximum, greedy, end, count: count + 1, next)
            }
        }
        if let maximum, count >= maximum { return next(position) }
        // An iteration that consumes nothing ends the repetition, as ECMA-262 requires.
        func again(_ end: Int) -> Bool {
            end != position && repeatNode(body, minimum, maximum, greedy, end, count: count + 1, next)
        }
        if greedy {
            if match(body, position, again) { return true }
            return !budget.exhausted && next(position)
        }
        if next(position) { return true }
        return !budget.exhausted && match(body, position, again)
    }
}
