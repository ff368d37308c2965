/// Values for `JSONParser`: one loop over an explicit stack of open containers (`frames`), so nesting
/// costs heap rather than thread stack, with literals and numbers.
extension JSONParser {
    /// Parses one value, containers included, with a loop over `frames` instead of recursion.
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        parsing: while true {
            guard var value = try openValue() else { continue }
            // `value` is complete: it joins the innermost open container, which may complete too.
            // The frame is read in place: a copy would retain and release its key for every value.
            while !frames.isEmpty {
                if options.recordsPositions { places.removeLast() }
                skipWhitespace()
                let closed = try frames[frames.count - 1].isObject ? addMember(value) : addElement(value)
                guard let closed else { continue parsing }
                value = closed
            }
            return value
        }
    }

    /// The value starting at `index` when it is a scalar or an empty container; nil when it opens
    /// a container whose first member or element comes next.
    private mutating func openValue() throws(JSONParseError) -> JSONValue? {
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "a JSON value"), at: index)
        }
        if options.recordsPositions {
            sourceMap.record(trackedPosition(at: index), place: places[places.count - 1])
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try openContainer(object: true)
        case UInt8(ascii: "["): return try openContainer(object: false)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error(
                .unexpectedCharacter(found: describeWord(at: index), expected: "a JSON value"), at: index)
        }
    }

    /// An empty object or array, or nil after pushing the frame of a non-empty one.
    private mutating func openContainer(object: Bool) throws(JSONParseError) -> JSONValue? {
        try enterContainer()
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return object ? .object(JSONObject(uniqueMembers: [])) : .array([])
        }
        if object {
            frames.append(Frame(isObject: true, base: memberStack.count))
            try beginMember()
        } else {
            frames.append(Frame(isObject: false, base: elementStack.count))
            if options.recordsPositions { enterPlace("0") }
        }
        return nil
    }

    /// Adds a member's value to the innermost object: nil when another member follows, else the
    /// finished object.
    private mutating func addMember(_ value: JSONValue) throws(JSONParseError) -> JSONValue? {
        let last = frames.count - 1
        if let earlier = frames[last].earlier {
            memberStack[earlier].value = value
        } else {
            let key = frames[last].key
            memberStack.append((key, value))
            keyStartStack.append((frames[last].keyStart, key.utf8.count))
        }
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "',' or '}'"), at: index)
        }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            try beginMember()
            return nil
        case UInt8(ascii: "}"):
            index += 1
            depth -= 1
            let base = frames.removeLast().base
            let members = Self.exactCopy(of: memberStack[base...])
            memberStack.removeSubrange(base...)
            keyStartStack.removeSubrange(base...)
            return .object(JSONObject(uniqueMembers: members))
        default:
            throw error(
                .unexpectedCharacter(
                    found: describe(at: index), expected: "',' or '}' after an object member"),
                at: index)
        }
    }

    /// Adds an element to the innermost array: nil when another element follows, else the
    /// finished array.
    private mutating func addElement(_ value: JSONValue) throws(JSONParseError) -> JSONValue? {
        let base = frames[frames.count - 1].base
        elementStack.append(value)
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "',' or ']'"), at: index)
        }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            if options.recordsPositions { enterPlace(String(elementStack.count - base)) }
            return nil
        case UInt8(ascii: "]"):
            index += 1
            depth -= 1
            frames.removeLast()
            let elements = Self.exactCopy(of: elementStack[base...])
            elementStack.removeSubrange(base...)
            return .array(elements)
        default:
            throw error(
                .unexpectedCharacter(
                    found: describe(at: index), expected: "',' or ']' after an array element"),
                at: index)
        }
    }

    mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError)
        -> JSONValue
    {
        let start = index
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in utf8 {
            guard index < bytes.count else {
                throw error(.unexpectedEnd(expected: "\"\(word)\""), at: index)
            }
            guard bytes[index] == expected else {
                throw error(
                    .unexpectedCharacter(found: describeWord(at: start), expected: "a JSON value"), at: start)
            }
            index += 1
        }
        return value
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > options.maximumDepth {
            var failure = error(.tooDeep(limit: options.maximumDepth), at: index)
            failure.pointer = JSONPointer(tokens: openTokens())
            throw failure
        }
    }

    /// The pointer tokens of the value being read: one per open container, outermost first.
    func openTokens() -> [String] {
        var tokens: [String] = []
        tokens.reserveCapacity(frames.count)
        for (level, frame) in frames.enumerated() {
            if frame.isObject {
                tokens.append(frame.key)
            } else {
                // Elements of deeper open arrays sit above this array's on the shared stack.
                let end = frames[(level + 1)...].first { !$0.isObject }?.base ?? elementStack.count
                tokens.append(String(end - frame.base))
            }
        }
        return tokens
    }

    /// Reads the key and colon of the next member of the innermost object, up to its value.
    mutating func beginMember() throws(JSONParseError) {
        let last = frames.count - 1
        let base = frames[last].base
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.unexpectedEnd(expected: "a string key"), at: index)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            let expected = memberStack.count == base ? "a string key or '}'" : "a string key"
            throw error(.unexpectedCharacter(found: describe(at: index), expected: expected), at: index)
        }
        let keyStart = index
        let key = try parseString()
        // Taken out of the frame while it changes, so the dictionary is not copied.
        var seen = frames[last].seen
        frames[last].seen = nil
        let earlier = try checkDuplicate(key, keyStart: keyStart, base: base, seen: &seen)
        frames[last].seen = seen
        frames[last].key = key
        frames[last].keyStart = keyStart
        frames[last].earlier = earlier
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd(expected: "':'"), at: index) }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw error(
                .unexpectedCharacter(found: describe(at: index), expected: "':' after an object key"),
                at: index)
        }
        index += 1
        skipWhitespace()
        if options.recordsPositions {
            enterPlace(key)
            sourceMap.recordKey(trackedPosition(at: keyStart), place: places[places.count - 1])
        }
    }

    /// A fresh array of exactly the slice's elements. `Array(slice)` would instead adopt the whole
    /// stack buffer (slack capacity included) when the slice spans all of it, and the next push
    /// would then copy the stack.
    @inline(__always)
    static func exactCopy<Element>(of slice: ArraySlice<Element>) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(slice.count)
        copy.append(contentsOf: slice)
        return copy
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        guard let (number, end) = JSONNumber.scan(bytes, from: index) else {
            throw error(.invalidNumber(numberProblem(at: index)), at: index)
        }
        index = end
        return number
    }

    /// A precise description of why the number at `start` is malformed.
    func numberProblem(at start: Int) -> String {
        var position = start
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return "expected a digit after '-'" }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
            return "leading zeros are not allowed"
        }
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                return "expected a digit after '.'"
            }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        return "expected a digit in the exponent"
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
