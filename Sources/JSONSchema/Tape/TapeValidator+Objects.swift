/// Object keywords on the tape: member keys are compared as bytes with the schema's names (length
/// and first eight bytes first), never turned into `String`s, unless a key holds an escape.
extension TapeValidator {
    /// `properties`, `required`, `additionalProperties` and `dependentSchemas` on an object.
    @inline(__always)
    mutating func evaluateObject(
        _ op: TapeOp, _ entry: JSONTape.Entry, at cursor: Int, _ state: inout NodeState
    )
        -> Bool
    {
        switch op.code {
        case .properties:
            return properties(op, at: cursor, &state)
        case .requiredMask:
            return state.found & op.mask == op.mask
        case .required:
            for key in Int(op.a)..<Int(op.a + op.b) where member(key, in: cursor) == nil { return false }
            return true
        case .additionalProperties:
            if op.flag && state.matched == Int(entry.length) { return true }
            return additionalProperties(op, at: cursor)
        default:
            for key in Int(op.a)..<Int(op.a + op.b) where member(key, in: cursor) != nil {
                if !validate(Int(tables.keys[key].schema), at: cursor) { return false }
            }
            return true
        }
    }

    /// `properties`: each member whose key a property names goes to that property's schema. The
    /// search for a key starts after the last property found, so members in schema order cost one
    /// comparison each.
    private mutating func properties(_ op: TapeOp, at cursor: Int, _ state: inout NodeState) -> Bool {
        let object = entries[cursor]
        state.matched = 0
        state.found = 0
        let count = Int(op.b)
        guard count > 0 else { return true }
        let first = Int(op.a)
        var next = 0
        var key = cursor + 1
        while key < Int(object.end) {
            let value = key + 1
            let keyEntry = entries[key]
            let length = Int32(keyEntry.length)
            let prefix = keyEntry.flag ? 0 : TapeProgram.prefix(bytes, Int(keyEntry.offset), Int(length))
            var found = -1
            for step in 0..<count {
                var candidate = next + step
                if candidate >= count { candidate -= count }
                let schemaKey = tables.keys[first + candidate]
                // An escaped key's length counts its escapes, so only its decoded text compares.
                if keyEntry.flag
                    ? sameEscapedKey(keyEntry, first + candidate)
                    : schemaKey.length == length && schemaKey.prefix == prefix
                        && sameTail(keyEntry, schemaKey)
                {
                    found = candidate
                    break
                }
            }
            if found >= 0 {
                state.matched += 1
                if found < 64 { state.found |= 1 << UInt64(found) }
                next = found + 1 == count ? 0 : found + 1
                if !validateChild(Int(tables.keys[first + found].schema), at: value) { return false }
            }
            key = self.next(value)
        }
        return true
    }

    /// `additionalProperties`: members that no name in `keys[b ..< b + c]` names meet schema `a`.
    private mutating func additionalProperties(_ op: TapeOp, at cursor: Int) -> Bool {
        let object = entries[cursor]
        var key = cursor + 1
        while key < Int(object.end) {
            let value = key + 1
            var known = false
            for name in Int(op.b)..<Int(op.b + op.c) where equalsKey(entries[key], name) {
                known = true
                break
            }
            if !known && !validateChild(Int(op.a), at: value) { return false }
            key = next(value)
        }
        return true
    }

    /// The value entry of the member named by `keys[key]` in the object at `cursor`, or nil.
    func member(_ key: Int, in cursor: Int) -> Int? {
        let object = entries[cursor]
        var index = cursor + 1
        while index < Int(object.end) {
            if equalsKey(entries[index], key) { return index + 1 }
            index = next(index + 1)
        }
        return nil
    }

    /// Whether a string entry's decoded text is `keys[key]`, byte for byte.
    @inline(__always)
    func equalsKey(_ entry: JSONTape.Entry, _ key: Int) -> Bool {
        if entry.flag { return sameEscapedKey(entry, key) }
        let schemaKey = tables.keys[key]
        return schemaKey.length == Int32(entry.length)
            && schemaKey.prefix == TapeProgram.prefix(bytes, Int(entry.offset), Int(entry.length))
            && sameTail(entry, schemaKey)
    }

    /// The bytes past the first eight of an unescaped key entry and a schema key of equal length.
    @inline(__always)
    func sameTail(_ entry: JSONTape.Entry, _ key: TapeKey) -> Bool {
        let length = Int(key.length)
        guard length > 8 else { return true }
        let start = Int(entry.offset)
        let keyStart = Int(key.start)
        for offset in 8..<length where tables.keyBytes[keyStart + offset] != bytes[start + offset] {
            return false
        }
        return true
    }

    /// An escaped key entry against `keys[key]`, decoded (rare: keys seldom hold escapes).
    private func sameEscapedKey(_ entry: JSONTape.Entry, _ key: Int) -> Bool {
        MemberLookup.sameKey(JSONTape.string(entry, bytes), program.names[key])
    }
}
