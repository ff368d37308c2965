import JSONSchema

/// One-step simplifications of a JSON value, biggest reductions first.
///
/// Used greedily by the shrinker: it takes the first candidate that keeps the finding and starts
/// over, so removals (which shrink most) come before value simplifications, and shallow changes
/// before deep ones.
enum ShrinkCandidates {
    /// Candidates for `value`; at most `limit`.
    static func of(_ value: JSONValue, limit: Int = 400) -> [JSONValue] {
        var result: [JSONValue] = []
        collect(value, into: &result, limit: limit)
        return result
    }

    /// `value` with one object or array (at any depth) cut to the first or the second half of its
    /// members, bigger containers first.
    static func halvings(of value: JSONValue) -> [JSONValue] {
        var found: [(size: Int, value: JSONValue)] = []
        func walk(_ node: JSONValue, _ pointer: JSONPointer) {
            switch node {
            case .object(let object):
                let members = object.members
                if members.count >= 2 {
                    let middle = members.count / 2
                    for kept in [members[..<middle], members[middle...]] {
                        found.append(
                            (
                                members.count,
                                value.replacing(at: pointer, with: .object(JSONObject(Array(kept))))
                            ))
                    }
                }
                for member in object.members { walk(member.value, pointer.appending(member.key)) }
            case .array(let elements):
                if elements.count >= 2 {
                    let middle = elements.count / 2
                    for kept in [elements[..<middle], elements[middle...]] {
                        found.append(
                            (elements.count, value.replacing(at: pointer, with: .array(Array(kept)))))
                    }
                }
                for (index, element) in elements.enumerated() { walk(element, pointer.appending(index)) }
            case .string, .number, .bool, .null:
                return
            }
        }
        walk(value, .root)
        return found.enumerated().sorted { ($0.element.size, -$0.offset) > ($1.element.size, -$1.offset) }
            .map(\.element.value)
    }

    private static func collect(_ value: JSONValue, into result: inout [JSONValue], limit: Int) {
        func add(_ candidate: JSONValue) {
            if result.count < limit, candidate != value { result.append(candidate) }
        }
        switch value {
        case .object(let object):
            for key in object.keys {
                var smaller = object
                smaller[key] = nil
                add(.object(smaller))
            }
            for member in object.members {
                for child in of(member.value, limit: limit - result.count) {
                    var simpler = object
                    simpler[member.key] = child
                    add(.object(simpler))
                }
            }
        case .array(let elements):
            if elements.count > 1 { add(.array([elements[0]])) }
            for index in elements.indices {
                var smaller = elements
                smaller.remove(at: index)
                add(.array(smaller))
            }
            for index in elements.indices {
                for child in of(elements[index], limit: limit - result.count) {
                    var simpler = elements
                    simpler[index] = child
                    add(.array(simpler))
                }
            }
        case .string(let text):
            guard !text.isEmpty else { return }
            add(.string(""))
            add(.string(String(text.prefix(1))))
            if text.count > 2 { add(.string(String(text.prefix(text.count / 2)))) }
        case .number(let number):
            for candidate in simplerNumbers(than: number) { add(.number(candidate)) }
        case .bool(true):
            add(.bool(false))
        case .bool(false), .null:
            return
        }
    }

    /// 0, 1, the integer part, and 0.5 for fractions: each closer to 0 or to an integer.
    private static func simplerNumbers(than number: JSONNumber) -> [JSONNumber] {
        let value = number.doubleValue
        var result: [JSONNumber] = []
        if number != JSONNumber(0) { result.append(JSONNumber(0)) }
        if abs(value) > 1 { result.append(JSONNumber(value < 0 ? -1 : 1)) }
        if !number.isInteger {
            if let whole = Int(exactly: value.rounded(.towardZero)), whole != 0 {
                result.append(JSONNumber(whole))
            }
            if abs(value) > 0.5, let half = JSONNumber(value < 0 ? -0.5 : 0.5) { result.append(half) }
        } else if abs(value) > 10, let halved = Int(exactly: (value / 2).rounded(.towardZero)) {
            result.append(JSONNumber(halved))
        }
        return result
    }
}
