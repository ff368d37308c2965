/// Validates JSON text while reading it, in one pass, without a tape of the whole document.
///
/// A `JSONTape` costs 8 bytes per value and per key, and validation walks it after the scan, so a
/// key-dense document held its text and a tape twice its size. Here the scanner (`TapeScanner`)
/// and the validator take turns: an object or array whose schema can be decided member by member
/// (`StreamPlan`) is read member by member, each member's value validated against the subschemas
/// its key selects as soon as it is read, and only the keys of the objects still open are kept
/// (for the duplicate-key check). A scalar is scanned into a one-entry scratch tape and judged
/// by the `TapeValidator`; a container whose schema looks at it as a whole (`anyOf`, `oneOf`,
/// `unevaluated*`, …) is scanned into a scratch tape of its own, judged there, and forgotten.
///
/// Once a keyword fails, the rest of the text is still scanned (without validation): the verdict
/// stands only if the whole text is JSON. Text that is not JSON, names a key twice (the
/// `JSONParser` reading keeps the last value), or nests deeper than the stack it runs on allows,
/// leaves the verdict undecided, and the caller reads the text the usual way.
struct StreamValidator {
    var scanner: TapeScanner
    var validator: TapeValidator
    let plan: Plan
    /// Node indexes of the values being read: each value's set is a range of it.
    var sets = ScratchStack<Int32>(capacity: 64)
    /// One frame per closure node of each open container.
    var frames = ScratchStack<StreamPlan.Frame>(capacity: 64)
    /// Set when a keyword failed: the rest is only scanned.
    var failed = false
    /// How deep containers may nest on this thread before the walk is handed to a larger stack.
    let depthCap: Int
    /// Set when `depthCap` was passed.
    var tooDeep = false
    /// Told, every `progressStep` bytes, the offset the reading has passed.
    let progress: ((Int) -> Void)?
    var nextProgress: Int

    static let progressStep = 1 << 20

    /// How a text was judged.
    enum Verdict {
        case valid, invalid
        /// Not JSON, a key named twice, too large for an entry, or too deep for this stack.
        case undecided(tooDeep: Bool)
    }

    /// The plan's tables, borrowed for one reading.
    struct Plan {
        let nodes: UnsafeBufferPointer<StreamPlan.Node>
        let frames: UnsafeBufferPointer<StreamPlan.Frame>
        let slots: UnsafeBufferPointer<Int32>
    }

    init(
        scanner: TapeScanner, validator: TapeValidator, plan: Plan, depthCap: Int, progress: ((Int) -> Void)?
    ) {
        self.scanner = scanner
        self.validator = validator
        self.plan = plan
        self.depthCap = depthCap
        self.progress = progress
        nextProgress = progress == nil ? Int.max : Self.progressStep
    }

    /// Reads the whole text against node `root`, then frees the bookkeeping.
    mutating func run(root: Int, allowsByteOrderMark: Bool) -> Verdict {
        defer {
            sets.release()
            frames.release()
        }
        sets.append(Int32(root))
        let read =
            scanner.startDocument(allowsByteOrderMark: allowsByteOrderMark) && value(0..<1)
            && scanner.endDocument()
        guard read, !scanner.hasDuplicateKeys, !scanner.exceedsEntry else {
            return .undecided(tooDeep: tooDeep)
        }
        return failed ? .invalid : .valid
    }

    /// Reads the value at the scanner's position against the nodes `sets[set]`; false when the text
    /// cannot be decided here.
    mutating func value(_ set: Range<Int>) -> Bool {
        let bytes = scanner.bytes
        guard scanner.index < bytes.count else { return false }
        switch bytes[scanner.index] {
        case UInt8(ascii: "{"): return container(set, object: true)
        case UInt8(ascii: "["): return container(set, object: false)
        default:
            let mark = scanner.entries.count
            guard scanner.scanValue() else { return false }
            if !failed && !set.isEmpty { check(set, at: mark) }
            scanner.entries.truncate(to: mark)
            return true
        }
    }

    /// Runs the nodes of `set` on the scratch tape's value at `cursor`.
    private mutating func check(_ set: Range<Int>, at cursor: Int) {
        validator.entries = scanner.entries.buffer
        validator.materialized.cursor = -1
        for position in set where !validator.validate(Int(sets[position]), at: cursor) {
            failed = true
            return
        }
    }

    /// A container whose set cannot be streamed: scanned into the scratch tape, judged, forgotten.
    private mutating func subtree(_ set: Range<Int>) -> Bool {
        let mark = scanner.entries.count
        guard scanner.scanValue(), !scanner.hasDuplicateKeys else { return false }
        guard scanner.deepest <= depthCap else {
            tooDeep = true
            return false
        }
        check(set, at: mark)
        scanner.entries.truncate(to: mark)
        return true
    }

    /// An object or array read member by member (see the type's documentation).
    private mutating func container(_ set: Range<Int>, object: Bool) -> Bool {
        let framesStart = frames.count
        if !failed {
            for position in set where !open(Int(sets[position]), object: object) {
                frames.truncate(to: framesStart)
                return subtree(set)
            }
        }
        scanner.depth += 1
        guard scanner.depth <= scanner.maximumDepth else { return false }
        guard scanner.depth <= depthCap else {
            tooDeep = true
            return false
        }
        scanner.deepest = max(scanner.deepest, scanner.depth)
        guard let count = members(object: object, frames: framesStart) else { return false }
        if !failed { close(frames: framesStart..<frames.count, count: count) }
        frames.truncate(to: framesStart)
        scanner.depth -= 1
        return true
    }

    /// The members (or elements) of the container at the scanner's position, each validated as it
    /// is read; their count, or nil when the text cannot be decided here.
    private mutating func members(object: Bool, frames framesStart: Int) -> Int? {
        let closer = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        scanner.index += 1
        scanner.skipWhitespace()
        let keys = scanner.entries.count
        var count = 0
        if scanner.index < scanner.bytes.count && scanner.bytes[scanner.index] == closer {
            scanner.index += 1
            return 0
        }
        while true {
            scanner.skipWhitespace()
            let children = sets.count
            if object {
                guard scanner.scanKey() else { return nil }
                if !failed { member(key: keys + count, frames: framesStart..<frames.count) }
            } else if !failed {
                element(count, frames: framesStart..<frames.count)
            }
            guard value(children..<sets.count) else { return nil }
            sets.truncate(to: children)
            count += 1
            scanner.entries.truncate(to: object ? keys + count : keys)
            scanner.skipWhitespace()
            guard scanner.index < scanner.bytes.count else { return nil }
            let byte = scanner.bytes[scanner.index]
            scanner.index += 1
            if byte == UInt8(ascii: ",") {
                if scanner.index >= nextProgress { reportProgress() }
                continue
            }
            if byte == closer { break }
            return nil
        }
        guard count <= JSONTape.Entry.maximumLength else {
            _ = scanner.tooLarge()
            return nil
        }
        if object && count > 1 && !namesDistinctKeys(count: count, frames: framesStart)
            && scanner.repeatsAKey(first: keys, count: count, adjacent: true)
        {
            scanner.hasDuplicateKeys = true
            return nil
        }
        scanner.entries.truncate(to: keys)
        return count
    }

    /// Whether the `count` keys just read are known to differ without comparing them: each was
    /// found at a different position of one frame's `properties` table (whose names differ), so
    /// no two are the same bytes. Only while nothing failed (else keys were not looked up).
    @inline(__always)
    private func namesDistinctKeys(count: Int, frames framesStart: Int) -> Bool {
        guard !failed, count <= 64 else { return false }
        for index in framesStart..<frames.count where frames[index].found.nonzeroBitCount == count {
            return true
        }
        return false
    }

    private mutating func reportProgress() {
        progress?(scanner.index)
        nextProgress = scanner.index + Self.progressStep
    }
}
