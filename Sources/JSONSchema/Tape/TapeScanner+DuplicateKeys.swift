/// The duplicate-key check of the tape scanner: a document that names a key twice in one object is
/// handed to `JSONParser`, which keeps the last value and reports each duplicate.
extension TapeScanner {
    /// Whether the object at `position` names a key twice (by decoded bytes).
    ///
    /// Every key gets a signature, equal for equal keys: its length with its first and last eight
    /// bytes. Up to 16 keys are compared pairwise by signature, more go through a small open hash
    /// table; only keys whose signatures match are compared byte for byte, which almost never
    /// happens. Nothing is allocated for a small object.
    func repeatsAKey(object position: Int) -> Bool {
        repeatsAKey(first: position + 1, count: Int(entries[position].length), adjacent: false)
    }

    /// The same question for `count` keys from entry `first`: one after the other when `adjacent`
    /// (the streaming validator keeps only an open object's keys), else each followed by its value.
    func repeatsAKey(first: Int, count: Int, adjacent: Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: Key.self, capacity: count) { keys in
            var child = first
            for slot in 0..<count {
                let key = entries[child]
                if key.flag { return repeatsAnEscapedKey(first: first, count: count, adjacent: adjacent) }
                keys.initializeElement(at: slot, to: Key(signature: signature(of: key), entry: child))
                child = adjacent ? child + 1 : JSONTape.next(entries, child + 1)
            }
            let keys = UnsafeBufferPointer(keys)
            return count <= 16 ? repeatsPairwise(keys) : repeatsHashed(keys)
        }
    }

    /// A key of the object being checked: its signature and its entry.
    struct Key {
        var signature: UInt64
        var entry: Int
    }

    private func repeatsPairwise(_ keys: UnsafeBufferPointer<Key>) -> Bool {
        for second in 1..<keys.count {
            for first in 0..<second where keys[first].signature == keys[second].signature {
                if sameBytes(keys[first].entry, keys[second].entry) { return true }
            }
        }
        return false
    }

    /// Linear probing over a table at least twice the key count, slots holding key positions.
    private func repeatsHashed(_ keys: UnsafeBufferPointer<Key>) -> Bool {
        var bits = 1
        while 1 << bits < 2 * keys.count { bits += 1 }
        let mask = (1 << bits) - 1
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: mask + 1) { table in
            table.initialize(repeating: -1)
            for (position, key) in keys.enumerated() {
                var slot = Int(
                    truncatingIfNeeded: (key.signature &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
                while table[slot] >= 0 {
                    let other = keys[Int(table[slot])]
                    if other.signature == key.signature && sameBytes(other.entry, key.entry) { return true }
                    slot = (slot + 1) & mask
                }
                table[slot] = Int32(truncatingIfNeeded: position)
            }
            return false
        }
    }

    /// The same question when a key holds an escape: keys are compared decoded.
    private func repeatsAnEscapedKey(first: Int, count: Int, adjacent: Bool) -> Bool {
        var keys: Set<[UInt8]> = []
        var child = first
        for _ in 0..<count {
            let entry = entries[child]
            let range = Int(entry.offset)..<Int(entry.offset + entry.length)
            let key = entry.flag ? JSONTape.unescape(bytes, range) : Array(bytes[range])
            if !keys.insert(key).inserted { return true }
            child = adjacent ? child + 1 : JSONTape.next(entries, child + 1)
        }
        return false
    }

    /// The length and the first and last eight bytes of an unescaped key, mixed into one word.
    @inline(__always)
    private func signature(of key: JSONTape.Entry) -> UInt64 {
        let start = Int(key.offset)
        let length = Int(key.length)
        var signature = TapeProgram.prefix(bytes, start, length) ^ UInt64(length) &* 0x9E37_79B9_7F4A_7C15
        if length > 8, let base = bytes.baseAddress {
            let last = UInt64(
                littleEndian: UnsafeRawPointer(base + start + length - 8).loadUnaligned(as: UInt64.self))
            signature ^= (last << 29 | last >> 35)
        }
        return signature
    }

    private func sameBytes(_ first: Int, _ second: Int) -> Bool {
        let one = entries[first]
        let other = entries[second]
        guard one.length == other.length else { return false }
        return memcmpEqual(Int(one.offset), Int(other.offset), Int(one.length))
    }

    private func memcmpEqual(_ first: Int, _ second: Int, _ count: Int) -> Bool {
        for offset in 0..<count where bytes[first + offset] != bytes[second + offset] { return false }
        return true
    }

}
