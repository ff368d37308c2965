/// Duplicate keys for `JSONParser`: found by byte comparison (a dictionary past 16 members), kept
/// last-value-wins with both positions, or an error in strict mode.
extension JSONParser {
    /// The index on `memberStack` of an earlier member of this object named `key`, or nil; in
    /// strict mode an earlier one is an error. Small objects are checked by a linear scan; larger
    /// ones switch to a dictionary of key to index.
    ///
    /// Keys compare by their UTF-8 bytes (not by `String ==`, which would equate canonically
    /// equivalent spellings); comparing the byte counts first skips almost every candidate.
    mutating func checkDuplicate(
        _ key: String, keyStart: Int, base: Int, seen: inout [String: Int]?
    ) throws(JSONParseError) -> Int? {
        let count = memberStack.count - base
        var earlier: Int?
        if count < 16 {
            let length = key.utf8.count
            for offset in base..<memberStack.count where keyStartStack[offset].length == length {
                if MemberLookup.sameKey(memberStack[offset].key, key) {
                    earlier = offset
                    break
                }
            }
        } else {
            if seen == nil {
                var built: [String: Int] = [:]
                built.reserveCapacity(count * 2)
                for offset in base..<memberStack.count { built[memberStack[offset].key] = offset }
                seen = built
            }
            if let found = seen?[key] {
                if MemberLookup.sameKey(memberStack[found].key, key) {
                    earlier = found
                } else {
                    // `String` equality matched a canonically equivalent but different spelling.
                    earlier = memberStack[base...].firstIndex { MemberLookup.sameKey($0.key, key) }
                }
            }
            if earlier == nil { seen?[key] = memberStack.count }
        }
        guard let earlier else { return nil }
        let firstStart = keyStartStack[earlier].start
        if options.rejectsDuplicateKeys {
            throw error(.duplicateKey(key, firstAt: position(at: firstStart)), at: keyStart)
        }
        duplicates.append((key, currentPath(appending: key), firstStart, keyStart))
        return earlier
    }

    /// The JSON pointer tokens of the member `key` of the innermost object being parsed.
    func currentPath(appending key: String) -> [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(frames.count)
        for (level, frame) in frames.enumerated().dropLast() {
            if frame.isObject {
                tokens.append(frame.key)
            } else {
                // Elements of deeper open arrays sit above this array's on the shared stack.
                let end = frames[(level + 1)...].first { !$0.isObject }?.base ?? elementStack.count
                tokens.append(String(end - frame.base))
            }
        }
        tokens.append(key)
        return tokens
    }

    /// The duplicates with line:column positions, all computed in one pass over the input.
    func resolvedDuplicates() -> [JSONDuplicateKey] {
        guard !duplicates.isEmpty else { return [] }
        var offsets = duplicates.flatMap { [$0.first, $0.again] }
        offsets.sort()
        var positions: [Int: SourcePosition] = [:]
        var line = 1
        var column = 1
        var position = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        for offset in offsets where positions[offset] == nil {
            while position < offset && position < bytes.count {
                if bytes[position] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[position] & 0xC0 != 0x80 {
                    column += 1
                }
                position += 1
            }
            positions[offset] = SourcePosition(line: line, column: column, offset: offset)
        }
        return duplicates.map { duplicate in
            JSONDuplicateKey(
                key: duplicate.key, pointer: JSONPointer(tokens: duplicate.tokens),
                first: positions[duplicate.first]
                    ?? SourcePosition(line: 1, column: 1, offset: duplicate.first),
                again: positions[duplicate.again]
                    ?? SourcePosition(line: 1, column: 1, offset: duplicate.again))
        }
    }
}
