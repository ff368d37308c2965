/// The frames of open containers (`StreamPlan.Frame`): opened from the plan's templates, they pick
/// each member's subschemas as its key (or position) is read and decide `required` and the counts
/// at the end.
extension StreamValidator {
    /// Pushes the frames of `node` for an object (or array); false when such a container cannot be
    /// streamed against it. A keyword that fails every such container sets `failed`.
    @inline(__always)
    mutating func open(_ node: Int, object: Bool) -> Bool {
        let planned = plan.nodes[node]
        guard let range = object ? planned.objectFrames : planned.arrayFrames else { return false }
        if object ? planned.objectFails : planned.arrayFails { failed = true }
        if !range.isEmpty, let templates = plan.frames.baseAddress {
            frames.append(templates + Int(range.lowerBound), count: range.count)
        }
        return true
    }

    /// The subschemas the member whose key is entry `key` meets, pushed onto `sets`.
    mutating func member(key: Int, frames range: Range<Int>) {
        let entry = scanner.entries[key]
        let tables = validator.tables
        let length = Int32(entry.length)
        let prefix = entry.flag ? 0 : TapeProgram.prefix(scanner.bytes, Int(entry.offset), Int(length))
        for index in range {
            let frame = frames.base + index
            let count = Int(frame.pointee.count)
            let first = Int(frame.pointee.first)
            let found = entry.flag ? findEscaped(entry, frame) : find(entry, prefix, length, frame)
            if found >= 0 {
                if found < 64 { frame.pointee.found |= 1 << UInt64(found) }
                frame.pointee.next = Int32(found + 1 == count ? 0 : found + 1)
                push(tables.keys[first + found].schema)
            } else if frame.pointee.other >= 0 {
                // `additionalProperties` knows exactly the names `properties` lists.
                push(frame.pointee.other)
            }
            if frame.pointee.requiredCount > 0 { seeRequired(entry, frame) }
        }
    }

    /// The position in the frame's `properties` table of the unescaped key `entry`, or -1: the
    /// position after the last one found first (members usually come in schema order), then the
    /// table's hash index (`StreamPlan+KeyIndex`) or, for a small table, every other position.
    @inline(__always)
    private func find(
        _ entry: JSONTape.Entry, _ prefix: UInt64, _ length: Int32,
        _ frame: UnsafeMutablePointer<StreamPlan.Frame>
    ) -> Int {
        let count = Int(frame.pointee.count)
        guard count > 0 else { return -1 }
        let keys = validator.tables.keys.baseAddress.unsafelyUnwrapped + Int(frame.pointee.first)
        let expected = Int(frame.pointee.next)
        if keys[expected].length == length && keys[expected].prefix == prefix
            && validator.sameTail(entry, keys[expected])
        {
            return expected
        }
        let mask = frame.pointee.slotsMask
        if mask >= 0 {
            let slots = plan.slots.baseAddress.unsafelyUnwrapped + Int(frame.pointee.slotsFirst)
            var slot = StreamPlan.slot(prefix: prefix, length: length, mask: mask)
            while true {
                let candidate = Int(slots[slot])
                if candidate < 0 { return -1 }
                if keys[candidate].length == length && keys[candidate].prefix == prefix
                    && validator.sameTail(entry, keys[candidate])
                {
                    return candidate
                }
                slot = (slot + 1) & Int(mask)
            }
        }
        for candidate in 0..<count
        where candidate != expected && keys[candidate].length == length && keys[candidate].prefix == prefix
            && validator.sameTail(entry, keys[candidate])
        {
            return candidate
        }
        return -1
    }

    /// The position of the escaped key `entry` in the frame's `properties` table, or -1; compared
    /// decoded (rare: keys seldom hold escapes).
    private func findEscaped(_ entry: JSONTape.Entry, _ frame: UnsafeMutablePointer<StreamPlan.Frame>) -> Int
    {
        let first = Int(frame.pointee.first)
        for candidate in 0..<Int(frame.pointee.count) where validator.equalsKey(entry, first + candidate) {
            return candidate
        }
        return -1
    }

    /// Marks the `required` names (those `properties` does not list) that the key `entry` is.
    private func seeRequired(_ entry: JSONTape.Entry, _ frame: UnsafeMutablePointer<StreamPlan.Frame>) {
        for required in 0..<Int(frame.pointee.requiredCount)
        where frame.pointee.requiredSeen & (1 << UInt64(required)) == 0
            && validator.equalsKey(entry, Int(frame.pointee.requiredFirst) + required)
        {
            frame.pointee.requiredSeen |= 1 << UInt64(required)
        }
    }

    /// The subschemas element `position` of an array meets, pushed onto `sets`.
    @inline(__always)
    mutating func element(_ position: Int, frames range: Range<Int>) {
        let children = validator.tables.children
        for index in range {
            let frame = frames[index]
            if position < Int(frame.count) {
                push(children[Int(frame.first) + position])
            } else if frame.other >= 0 && position >= Int(frame.otherFrom) {
                push(frame.other)
            }
        }
    }

    /// A subschema for the value about to be read; `true` is left out, `false` fails at once.
    @inline(__always)
    private mutating func push(_ node: Int32) {
        switch validator.tables.nodes[Int(node)].constant {
        case 1: return
        case 0: failed = true
        default: sets.append(node)
        }
    }

    /// What the frames of a container decide once its `count` members are read.
    mutating func close(frames range: Range<Int>, count: Int) {
        for index in range {
            let frame = frames[index]
            let all = frame.requiredCount == 64 ? UInt64.max : (1 << UInt64(frame.requiredCount)) - 1
            if frame.found & frame.requiredMask != frame.requiredMask || frame.requiredSeen != all
                || UInt32(count) < frame.minimum || UInt32(count) > frame.maximum
            {
                failed = true
                return
            }
        }
    }
}
