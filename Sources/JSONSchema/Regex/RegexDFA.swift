import Synchronization

/// A deterministic automaton built lazily from a `RegexAutomaton`: one table lookup per ASCII byte
/// (or per non-ASCII scalar) instead of the Pike VM's walk over every live state.
///
/// A DFA state is the set of automaton states alive before the ε-closure (the "kernel"); its
/// closure, whether it accepts in the middle or at the end of the input, and its transitions (one
/// column per ASCII byte, then one per class of non-ASCII scalars, `ScalarClasses`) are computed
/// the first time a search needs them and kept for later searches of the same pattern. The first
/// state is kept apart from later ones with the same kernel, because `^` only holds there. An
/// empty input, a non-ASCII scalar when the pattern has too many classes, or a pattern whose
/// table would pass `maximumStates` states answer nil, and the caller runs the Pike VM: the table
/// stays small (at most 192 KB) whatever the pattern.
///
/// The table is shared between threads behind a `Mutex`, held for one whole search: instance
/// strings are short, and one uncontended lock per search costs less than one Pike VM step.
final class RegexDFA: Sendable {
    static let maximumStates = 256

    private let operations: [RegexAutomaton.Operation]
    private let masks: [RegexAutomaton.ASCIIMask]
    /// Nil when the pattern tells too many non-ASCII ranges apart: such scalars go to the VM.
    private let classes: ScalarClasses?
    /// Columns per state: 128 ASCII bytes, then the scalar classes.
    private let width: Int
    private let anchored: Bool
    private let table: Mutex<Table>

    /// The states built so far, in flat arrays indexed by state number.
    struct Table: Sendable {
        /// `width` entries per state: the next state for each column, `-2 - state` when that state
        /// ends the search (`stops`), or -1 when not built yet.
        var transitions: [Int32] = []
        /// The consuming automaton states in each state's closure (inside the input).
        var consuming: [[Int]] = []
        /// Whether the closure reaches `accept` before the end of the input.
        var acceptsInside: [Bool] = []
        /// Whether the closure reaches `accept` at the end of the input (`$` holds there).
        var acceptsAtEnd: [Bool] = []
        /// Whether the search ends in this state, whatever follows: it accepts, or no match can
        /// follow (an anchored pattern with no thread left).
        var stops: [Bool] = []
        var numbers: [[Int]: Int32] = [:]
        /// Set when the pattern needs more than `maximumStates` states: every search goes to the VM.
        var exhausted = false
    }

    init(
        operations: [RegexAutomaton.Operation], masks: [RegexAutomaton.ASCIIMask], classes: ScalarClasses?,
        anchored: Bool
    ) {
        self.operations = operations
        self.masks = masks
        self.classes = classes
        width = 128 + (classes?.count ?? 0)
        self.anchored = anchored
        var table = Table()
        // State 0: the start, where `^` holds. Its key (-1) cannot collide with a kernel.
        Self.add(
            key: [-1], kernel: [0], atStart: true, to: &table, operations: operations, anchored: anchored,
            width: width)
        self.table = Mutex(table)
    }

    /// Whether the pattern matches somewhere in `bytes`, or nil when the DFA does not answer
    /// (empty input, a non-ASCII scalar without classes, or too many states) and the Pike VM must.
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty else { return nil }
        return table.withLock { table -> Bool? in
            guard !table.exhausted else { return nil }
            var state = 0
            var index = 0
            while true {
                if table.stops[state] {
                    if table.acceptsInside[state] { return true }
                    // A state with no thread left may still accept through `$` at the very end.
                    return index == bytes.count && table.acceptsAtEnd[state]
                }
                (state, index) = run(table, bytes, from: state, at: index)
                if index == bytes.count { return table.acceptsAtEnd[state] }
                guard let (column, length) = column(bytes, at: index) else { return nil }
                let known = table.transitions[state * width + column]
                if known <= -2 {
                    state = Int(-2 - known)
                } else {
                    guard let built = transition(from: state, on: column, in: &table) else { return nil }
                    state = built
                }
                index += length
            }
        }
    }

    /// The built part of the table, read through buffers until a step needs a state that does not
    /// exist yet, a scalar without a class, or a state that decides the search (whose transitions
    /// are stored as `-2 - state`, so one sign test per byte stops at both).
    @inline(__always)
    private func run(_ table: Table, _ bytes: UnsafeBufferPointer<UInt8>, from state: Int, at index: Int)
        -> (state: Int, index: Int)
    {
        table.transitions.withUnsafeBufferPointer { transitions in
            guard let cells = transitions.baseAddress, let text = bytes.baseAddress else {
                return (state, index)
            }
            let width = self.width
            let end = bytes.count
            var state = state
            var index = index
            while index < end {
                let byte = text[index]
                var column = Int(byte)
                var length = 1
                if byte >= 0x80 {
                    guard let classes else { break }
                    let found = classes.classify(bytes, at: index)
                    column = 128 + found.index
                    length = found.length
                }
                let next = cells[state &* width &+ column]
                guard next >= 0 else { break }
                state = Int(next)
                index &+= length
            }
            return (state, index)
        }
    }

    /// The column of the byte or scalar at `index` and its length, or nil without classes.
    private func column(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Int)? {
        let byte = bytes[index]
        guard byte >= 0x80 else { return (Int(byte), 1) }
        guard let classes else { return nil }
        let found = classes.classify(bytes, at: index)
        return (128 + found.index, found.length)
    }

    /// Builds (or finds) the state reached from `state` on `column` (an ASCII byte, or 128 plus a
    /// scalar class) and records the transition.
    private func transition(from state: Int, on column: Int, in table: inout Table) -> Int? {
        var kernel: [Int] = []
        for consumer in table.consuming[state] {
            guard case .consume(let index) = operations[consumer], holds(index, column) else { continue }
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
                anchored: anchored, width: width)
        }
        table.transitions[state * width + column] = table.stops[target] ? Int32(-2 - target) : Int32(target)
        return target
    }

    /// Whether set `index` of the automaton holds what `column` stands for.
    private func holds(_ index: Int, _ column: Int) -> Bool {
        if column < 128 { return masks[index].contains(UInt8(column)) }
        return (classes?.members[index] ?? 0) >> UInt64(column - 128) & 1 != 0
    }

    /// Appends the state of `kernel` to `table` and returns its number.
    @discardableResult
    private static func add(
        key: [Int], kernel: [Int], atStart: Bool, to table: inout Table,
        operations: [RegexAutomaton.Operation], anchored: Bool, width: Int
    ) -> Int {
        let inside = closure(of: kernel, atStart: atStart, atEnd: false, operations: operations)
        let atEnd = closure(of: kernel, atStart: atStart, atEnd: true, operations: operations)
        let number = table.consuming.count
        table.consuming.append(inside.consuming)
        table.acceptsInside.append(inside.accepts)
        table.acceptsAtEnd.append(atEnd.accepts)
        let dead = anchored && inside.consuming.isEmpty && !inside.accepts
        table.stops.append(dead || inside.accepts)
        table.transitions.append(contentsOf: repeatElement(-1, count: width))
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
