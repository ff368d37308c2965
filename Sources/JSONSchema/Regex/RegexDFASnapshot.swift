/// A frozen copy of a `RegexDFA`'s table, searched without a lock.
///
/// Once a pattern's searches stop building states, the table is copied into one block of memory
/// that never changes again and its address is published atomically: a search then reads it as
/// plain memory, with no lock to take, while the `Mutex`-guarded table keeps answering the rare
/// searches that need a transition the copy lacks.
struct RegexDFASnapshot {
    /// One byte of flags per state, in room for `RegexDFA.maximumStates`.
    let flags: UnsafePointer<UInt8>
    /// The transitions after the flags, `width` per state, encoded as in `RegexDFA.Table`.
    let cells: UnsafePointer<Int32>

    static let stops: UInt8 = 1
    static let acceptsInside: UInt8 = 2
    static let acceptsAtEnd: UInt8 = 4

    /// What a search of the snapshot found.
    enum Outcome {
        case matches(Bool)
        /// A step needs a transition the snapshot does not hold: the locked table decides.
        case unbuilt
        /// A non-ASCII scalar without classes: the Pike VM decides.
        case unanswered
    }

    /// Reads a block written by `write(_:width:)`.
    init(address: Int) {
        let base = UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
        flags = base.assumingMemoryBound(to: UInt8.self)
        cells = (base + RegexDFA.maximumStates).assumingMemoryBound(to: Int32.self)
    }

    /// A new block holding `table`'s transitions and flags; the caller publishes its address and
    /// frees it with `free(address:)` once no search can read it.
    static func write(_ table: RegexDFA.Table, width: Int) -> Int {
        let states = table.stops.count
        let cellBytes = states * width * MemoryLayout<Int32>.stride
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: RegexDFA.maximumStates + cellBytes, alignment: MemoryLayout<Int32>.alignment)
        table.transitions.withUnsafeBytes { transitions in
            if let source = transitions.baseAddress {
                (block + RegexDFA.maximumStates).copyMemory(from: source, byteCount: cellBytes)
            }
        }
        (block + RegexDFA.maximumStates).bindMemory(to: Int32.self, capacity: states * width)
        let flags = block.bindMemory(to: UInt8.self, capacity: states)
        for state in 0..<states {
            var flag: UInt8 = table.stops[state] ? stops : 0
            if table.acceptsInside[state] { flag |= acceptsInside }
            if table.acceptsAtEnd[state] { flag |= acceptsAtEnd }
            flags[state] = flag
        }
        return Int(bitPattern: block)
    }

    static func free(address: Int) {
        UnsafeMutableRawPointer(bitPattern: address)?.deallocate()
    }

    /// Whether the pattern matches somewhere in `bytes` (not empty), read from the snapshot alone.
    func search(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, classes: ScalarClasses?) -> Outcome {
        var state = 0
        var index = 0
        while true {
            let flag = flags[state]
            if flag & Self.stops != 0 {
                if flag & Self.acceptsInside != 0 { return .matches(true) }
                return .matches(index == bytes.count && flag & Self.acceptsAtEnd != 0)
            }
            let row: Int
            (row, index) = RegexDFA.advance(cells, classes: classes, bytes, from: state * width, at: index)
            state = row / width
            if index == bytes.count { return .matches(flags[state] & Self.acceptsAtEnd != 0) }
            var column = Int(bytes[index])
            var length = 1
            if column >= 0x80 {
                guard let classes else { return .unanswered }
                let found = classes.classify(bytes, at: index)
                column = 128 + found.index
                length = found.length
            }
            let known = cells[state * width + column]
            guard known <= -2 else { return .unbuilt }
            state = Int(-2 - known)
            index += length
        }
    }
}
