import Synchronization

/// A deterministic automaton built lazily from a `RegexAutomaton`, for ASCII input: one table
/// lookup per byte instead of the Pike VM's walk over every live state.
///
/// A DFA state is the set of automaton states alive before the ε-closure (the "kernel"); its
/// closure, whether it accepts in the middle or at the end of the input, and its 128 transitions
/// are computed the first time a search needs them and kept for later searches of the same
/// pattern. The first state is kept apart from later ones with the same kernel, because `^`
/// only holds there. Searches that meet a byte ≥ 0x80, an empty input, or a pattern whose table
/// would pass `maximumStates` states answer nil, and the caller runs the Pike VM: the table stays
/// small (at most 128 KB) whatever the pattern.
///
/// The table is shared between threads behind a `Mutex`, held for one whole search: instance
/// strings are short, and one uncontended lock per search costs less than one Pike VM step.
final class RegexDFA: Sendable {
    static let maximumStates = 256

    private let operations: [RegexAutomaton.Operation]
    private let masks: [RegexAutomaton.ASCIIMask]
    private let anchored: Bool
    private let table: Mutex<Table>

    /// The states built so far, in flat arrays indexed by state number.
    struct Table: Sendable {
        /// 128 entries per state: the next state for each ASCII byte, or -1 when not built yet.
        var transitions: [Int32] = []
        /// The consuming automaton states in each state's closure (inside the input).
        var consuming: [[Int]] = []
        /// Whether the closure reaches `accept` before the end of the input.
        var acceptsInside: [Bool] = []
        /// Whether the closure reaches `accept` at the end of the input (`$` holds there).
        var acceptsAtEnd: [Bool] = []
        /// Whether no match can follow (an anchored pattern with no thread left).
        var dead: [Bool] = []
        /// `acceptsInside || dead`: the search ends in this state, whatever follows.
        var stops: [Bool] = []
        var numbers: [[Int]: Int32] = [:]
        /// Set when the pattern needs more than `maximumStates` states: every search goes to the VM.
        var exhausted = false
    }

    init(operations: [RegexAutomaton.Operation], masks: [RegexAutomaton.ASCIIMask], anchored: Bool) {
        self.operations = operations
        self.masks = masks
        self.anchored = anchored
        var table = Table()
        // State 0: the start, where `^` holds. Its key (-1) cannot collide with a kernel.
        Self.add(
            key: [-1], kernel: [0], atStart: true, to: &table, operations: operations, anchored: anchored)
        self.table = Mutex(table)
    }

    /// Whether the pattern matches somewhere in `bytes`, or nil when the DFA does not answer
    /// (empty or non-ASCII input, or too many states) and the Pike VM must.
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty else { return nil }
        return table.withLock { table -> Bool? in
            guard !table.exhausted else { return nil }
            var state = 0
            var index = 0
            while true {
                // The built part of the table, read through buffers until a byte needs a state
                // that does not exist yet, a non-ASCII byte, or a state that decides the search.
                (state, index) = table.transitions.withUnsafeBufferPointer { transitions in
                    table.stops.withUnsafeBufferPointer { stops in
                        var state = state
                        var index = index
                        while index < bytes.count && !stops[state] {
                            let byte = bytes[index]
                            guard byte < 0x80 else { break }
                            let next = transitions[state &* 128 &+ Int(byte)]
                            guard next >= 0 else { break }
                            state = Int(next)
                            index += 1
                        }
                        return (state, index)
                    }
                }
                if table.acceptsInside[state] { return true }
                // A state with no thread left may still accept through `$` at the very end.
                if index == bytes.count { return table.acceptsAtEnd[state] }
                if table.dead[state] { return false }
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                guard let built = transition(from: state, on: byte, in: &table) else { return nil }
                state = built
                index += 1
            }
        }
    }

    /// Builds (or finds) the state reached from `state` on ASCII `byte` and records the transition.
    private func transition(from state: Int, on byte: UInt8, in table: inout Table) -> Int? {
        var kernel: [Int] = []
        for consumer in table.consuming[state] {
            guard case .consume(let index) = operations[consumer], masks[index].contains(byte) else {
                continue
            }
            kernel.append(consumer + 1)
        }
        if !anchored { kernel.append(0) }
        kernel.sort()
        var unique: [Int] = []
        unique.reserveCapacity(kernel.count)
        for item in kernel where unique.last != item { unique.append(item) }
        let target: Int
        if let known = table.numbers[unique] {
            target = Int(known)
        } else {
            guard table.consuming.count < Self.maximumStates else {
                table.exhausted = true
                return nil
            }
            target = Self.add(
                key: unique, kernel: unique, atStart: false, to: &table, operations: operations,
                anchored: anchored)
        }
        table.transitions[state * 128 + Int(byte)] = Int32(target)
        return target
    }

    /// Appends the state of `kernel` to `table` and returns its number.
    @discardableResult
    private static func add(
        key: [Int], kernel: [Int], atStart: Bool, to table: inout Table,
        operations: [RegexAutomaton.Operation], anchored: Bool
    ) -> Int {
        let inside = closure(of: kernel, atStart: atStart, atEnd: false, operations: operations)
        let atEnd = closure(of: kernel, atStart: atStart, atEnd: true, operations: operations)
        let number = table.consuming.count
        table.consuming.append(inside.consuming)
        table.acceptsInside.append(inside.accepts)
        table.acceptsAtEnd.append(atEnd.accepts)
        let dead = anchored && inside.consuming.isEmpty && !inside.accepts
        table.dead.append(dead)
        table.stops.append(dead || inside.accepts)
        table.transitions.append(contentsOf: repeatElement(-1, count: 128))
        table.numbers[key] = Int32(number)
        return number
    }

    /// The consuming states reachable from `kernel` without consuming, and whether `accept` is.
    private static func closure(
        of kernel: [Int], atStart: Bool, atEnd: Bool, operations: [RegexAutomaton.Operation]
    ) -> (consuming: [Int], accepts: Bool) {
        var seen = [Bool](repeating: false, count: operations.count)
        var stack = kernel
        var consuming: [Int] = []
        var accepts = false
        while let state = stack.popLast() {
            guard state < operations.count, !seen[state] else { continue }
            seen[state] = true
            switch operations[state] {
            case .consume: consuming.append(state)
            case .split(let first, let second): stack.append(contentsOf: [second, first])
            case .jump(let target): stack.append(target)
            case .atStart: if atStart { stack.append(state + 1) }
            case .atEnd: if atEnd { stack.append(state + 1) }
            case .accept: accepts = true
            }
        }
        consuming.sort()
        return (consuming, accepts)
    }
}
