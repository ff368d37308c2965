/// A pattern compiled to a Thompson automaton and searched breadth-first (a Pike VM): every
/// position is visited once per live state, so the time is linear in the input whatever the
/// pattern, and nothing allocates per search beyond two small state lists.
///
/// The backtracking `RegexMatcher` calls a closure per node and step; on the `pattern` of a URL
/// field (`^https?://[^/]+/images/[^/]+$`) that was most of the validator's time. Whether a pattern
/// matches somewhere does not depend on greediness, so the automaton answers the same. It takes
/// every construct but lookahead and word boundaries (those stay with `RegexMatcher`), up to
/// `maximumStates` states once counted repetitions are unrolled.
struct RegexAutomaton: Sendable {
    enum Operation: Sendable {
        /// Consume one scalar of `sets[index]`.
        case consume(Int)
        /// Continue at both targets.
        case split(Int, Int)
        case jump(Int)
        /// `^` and `$`.
        case atStart
        case atEnd
        case accept
    }

    private(set) var operations: [Operation] = []
    private var sets: [ScalarSet] = []
    /// Per set, the ASCII scalars it holds as a 128-bit mask (low word: 0–63).
    private var asciiMasks: [ASCIIMask] = []
    /// The lazily built DFA that answers searches of ASCII input (most instance strings).
    private(set) var dfa: RegexDFA?

    /// The ASCII scalars of a set as a 128-bit mask (low word: 0–63).
    struct ASCIIMask: Sendable {
        var low: UInt64
        var high: UInt64

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte & 63)) != 0
        }
    }

    static let maximumStates = 4_096

    /// Whether every match must begin at the input's start (the pattern opens with `^`), so the
    /// search starts no thread at later positions.
    private var anchored: Bool {
        if case .atStart = operations.first { return true }
        return false
    }

    /// The automaton of `node`, or nil when it uses lookahead or word boundaries or grows too large.
    init?(_ node: RegexNode) {
        guard emit(node) else { return nil }
        operations.append(.accept)
        guard operations.count <= Self.maximumStates else { return nil }
        dfa = RegexDFA(
            operations: operations, masks: asciiMasks, classes: ScalarClasses(sets), anchored: anchored)
    }

    private mutating func emit(_ node: RegexNode) -> Bool {
        guard operations.count <= Self.maximumStates else { return false }
        switch node {
        case .empty:
            return true
        case .scalar(let value):
            addConsume(ScalarSet(ranges: [value...value]))
            return true
        case .set(let set):
            addConsume(set)
            return true
        case .start:
            operations.append(.atStart)
            return true
        case .end:
            operations.append(.atEnd)
            return true
        case .wordBoundary, .lookahead:
            return false
        case .sequence(let items):
            for item in items where !emit(item) { return false }
            return true
        case .alternation(let branches):
            guard let last = branches.last else { return true }
            var jumps: [Int] = []
            for branch in branches.dropLast() {
                let split = operations.count
                operations.append(.split(split + 1, 0))
                guard emit(branch) else { return false }
                jumps.append(operations.count)
                operations.append(.jump(0))
                operations[split] = .split(split + 1, operations.count)
            }
            guard emit(last) else { return false }
            for jump in jumps { operations[jump] = .jump(operations.count) }
            return true
        case .repetition(let body, let minimum, let maximum, _):
            for _ in 0..<minimum where !emit(body) { return false }
            guard let maximum else {
                let loop = operations.count
                operations.append(.split(loop + 1, 0))
                guard emit(body) else { return false }
                operations.append(.jump(loop))
                operations[loop] = .split(loop + 1, operations.count)
                return true
            }
            var exits: [Int] = []
            for _ in minimum..<max(minimum, maximum) {
                exits.append(operations.count)
                operations.append(.split(operations.count + 1, 0))
                guard emit(body) else { return false }
            }
            for exit in exits { operations[exit] = .split(exit + 1, operations.count) }
            return true
        }
    }

    private mutating func addConsume(_ set: ScalarSet) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for scalar in 0..<UInt32(128) where set.contains(scalar) {
            if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
        }
        operations.append(.consume(sets.count))
        sets.append(set)
        asciiMasks.append(ASCIIMask(low: low, high: high))
    }

    /// Whether the pattern matches somewhere in `bytes` (valid UTF-8).
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let found = dfa?.search(bytes) { return found }
        return searchWithVM(bytes)
    }

    /// The Pike VM's answer, for what the DFA leaves to it (and for tests that compare the two).
    func searchWithVM(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = operations.count
        // Two state lists, the closure stack (each state pushes at most two) and the marks, in one
        // temporary allocation: no array bookkeeping in the inner loop.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + 2) { memory in
            guard let base = memory.baseAddress else { return false }
            base.initialize(repeating: 0, count: 5 * count + 2)
            var current = base
            var next = base + count
            let stack = base + 2 * count
            // The position (plus one) at which each state was last added, so it joins a list once.
            let seen = base + 4 * count + 2
            var currentCount = 0
            var nextCount = 0
            let end = bytes.count
            if addClosure(0, at: 0, into: current, &currentCount, seen: seen, stack: stack, end: end) {
                return true
            }
            var position = 0
            while position < end {
                // Anchored at the start: no thread can begin later, so nothing left means no match.
                if anchored && currentCount == 0 { return false }
                let (scalar, length) = Self.scalar(bytes, at: position)
                let following = position + length
                nextCount = 0
                for slot in 0..<currentCount {
                    let state = current[slot]
                    guard case .consume(let index) = operations[state], contains(index, scalar) else {
                        continue
                    }
                    if addClosure(
                        state + 1, at: following, into: next, &nextCount, seen: seen, stack: stack, end: end)
                    {
                        return true
                    }
                }
                if !anchored
                    && addClosure(
                        0, at: following, into: next, &nextCount, seen: seen, stack: stack, end: end)
                {
                    return true
                }
                swap(&current, &next)
                currentCount = nextCount
                position = following
            }
            return false
        }
    }

    @inline(__always)
    private func contains(_ index: Int, _ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiMasks[index].low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiMasks[index].high & (1 << UInt64(scalar - 64)) != 0 }
        return sets[index].contains(scalar)
    }

    /// Adds `state` and every state reachable from it without consuming to `list`; true when the
    /// accepting state is reached.
    @inline(__always)
    private func addClosure(
        _ state: Int, at position: Int, into list: UnsafeMutablePointer<Int>, _ listCount: inout Int,
        seen: UnsafeMutablePointer<Int>, stack: UnsafeMutablePointer<Int>, end: Int
    ) -> Bool {
        let mark = position + 1
        var depth = 1
        stack[0] = state
        while depth > 0 {
            depth -= 1
            let state = stack[depth]
            guard seen[state] != mark else { continue }
            seen[state] = mark
            switch operations[state] {
            case .consume:
                list[listCount] = state
                listCount += 1
            case .split(let first, let second):
                stack[depth] = second
                stack[depth + 1] = first
                depth += 2
            case .jump(let target):
                stack[depth] = target
                depth += 1
            case .atStart:
                if position == 0 {
                    stack[depth] = state + 1
                    depth += 1
                }
            case .atEnd:
                if position == end {
                    stack[depth] = state + 1
                    depth += 1
                }
            case .accept:
                return true
            }
        }
        return false
    }

    /// The scalar at `offset` of valid UTF-8 and its length.
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0, offset + 1 < bytes.count {
            return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        }
        if lead < 0xF0, offset + 2 < bytes.count {
            return (
                (lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
                    | UInt32(bytes[offset + 2] & 0x3F), 3
            )
        }
        if offset + 3 < bytes.count {
            return (
                (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(
                    bytes[offset + 2] & 0x3F) << 6
                    | UInt32(bytes[offset + 3] & 0x3F), 4
            )
        }
        return (lead, 1)
    }
}
