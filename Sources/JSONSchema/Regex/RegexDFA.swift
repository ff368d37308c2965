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
/// The table is shared between threads behind a `Mutex`, held for one whole search while states
/// are still being built. Once `quietSearches` searches in a row built nothing, a frozen copy
/// (`RegexDFASnapshot`) is published and later searches read it without the lock; the few that
/// need a transition it lacks go back to the table (and a later copy may hold it, up to
/// `maximumSnapshots` copies).
final class RegexDFA: Sendable {
    static let maximumStates = 256
    /// Searches in a row that build nothing before the table is copied for lock-free searches.
    static let quietSearches = 32
    /// At most this many copies are made (each kept until the DFA is freed, as a search may still
    /// read it): the table copied again only when rare transitions keep being built.
    static let maximumSnapshots = 4

    private let operations: [RegexAutomaton.Operation]
    private let masks: [RegexAutomaton.ASCIIMask]
    /// Nil when the pattern tells too many non-ASCII ranges apart: such scalars go to the VM.
    private let classes: ScalarClasses?
    /// Columns per state: 128 ASCII bytes, then the scalar classes.
    private let width: Int
    private let anchored: Bool
    private let table: Mutex<Table>
    /// The address of the latest `RegexDFASnapshot`, or 0 before the first.
    private let published = Atomic<Int>(0)

    /// The states built so far, in flat arrays indexed by state number.
    struct Table: Sendable {
        /// `width` entries per state: for each column the next state's row (its number times
        /// `width`, so a step needs no multiplication), `-2 - state` when that state
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
        /// Searches in a row that built no transition.
        var quiet = 0
        /// Whether a transition was built since the last snapshot.
        var changed = true
        /// The snapshots' addresses, freed with the DFA.
        var snapshots: [Int] = []
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

    deinit {
        table.withLock { table in
            for address in table.snapshots { RegexDFASnapshot.free(address: address) }
        }
    }

    /// Whether the pattern matches somewhere in `bytes`, or nil when the DFA does not answer
    /// (empty input, a non-ASCII scalar without classes, or too many states) and the Pike VM must.
    func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty else { return nil }
        let address = published.load(ordering: .acquiring)
        if address != 0 {
            switch RegexDFASnapshot(address: address).search(bytes, width: width, classes: classes) {
            case .matches(let found): return found
            case .unanswered: return nil
            case .unbuilt: break
            }
        }
        return table.withLock { table -> Bool? in
            let found = search(bytes, in: &table)
            publishIfQuiet(&table)
            return found
        }
    }

    /// Whether a snapshot has been published (for tests).
    var isPublished: Bool { published.load(ordering: .acquiring) != 0 }

    /// The search on the table itself, building the transitions it needs.
    private func search(_ bytes: UnsafeBufferPointer<UInt8>, in table: inout Table) -> Bool? {
        guard !table.exhausted else { return nil }
        var state = 0
        var index = 0
        while true {
            if table.stops[state] {
                if table.acceptsInside[state] { return true }
                // A state with no thread left may still accept through `$` at the very end.
                return index == bytes.count && table.acceptsAtEnd[state]
            }
            let row: Int
            (row, index) = table.transitions.withUnsafeBufferPointer { transitions in
                Self.advance(
                    transitions.baseAddress.unsafelyUnwrapped, classes: classes, bytes, from: state * width,
                    at: index)
            }
            state = row / width
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

    /// Counts a search of the table, and copies the table for lock-free searches once
    /// `quietSearches` in a row built nothing new.
    private func publishIfQuiet(_ table: inout Table) {
        table.quiet += 1
        guard table.changed, table.quiet >= Self.quietSearches, table.snapshots.count < Self.maximumSnapshots
        else { return }
        let address = RegexDFASnapshot.write(table, width: width)
        table.snapshots.append(address)
        table.changed = false
        published.store(address, ordering: .releasing)
    }

    /// The built part of a table, read from `cells` from the state whose row starts at `row` until
    /// a step needs a state that does not exist yet, a scalar without a class, or a state that
    /// decides the search (whose transitions are stored as `-2 - state`, so one sign test per byte
    /// stops at both); the row and index reached.
    @inline(__always)
    static func advance(
        _ cells: UnsafePointer<Int32>, classes: ScalarClasses?, _ bytes: UnsafeBufferPointer<UInt8>,
        from row: Int, at index: Int
    ) -> (row: Int, index: Int) {
        guard let text = bytes.baseAddress else { return (row, index) }
        let end = bytes.count
        var row = row
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
            let next = cells[row &+ column]
            guard next >= 0 else { break }
            row = Int(next)
            index &+= length
        }
        return (row, index)
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
        table.transitions[state * width + column] =
            table.stops[target] ? Int32(-2 - target) : Int32(target * width)
        table.quiet = 0
        table.changed = true
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
