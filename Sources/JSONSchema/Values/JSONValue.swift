/// A parsed JSON document or fragment.
///
/// Objects keep their keys in document order (so reports and serialized output are stable) and
/// numbers are exact (`JSONNumber`). Equality follows JSON Schema: `1 == 1.0`, and objects are equal
/// when they hold the same members in any order.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The JSON Schema type name of the value: `null`, `boolean`, `number`, `string`, `array`, `object`.
    ///
    /// Integers report `number`; use `isInteger` for the `integer` type.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The most specific JSON Schema type name (`integer` for integral numbers).
    public var specificTypeName: String {
        if case .number(let number) = self, number.isInteger { return "integer" }
        return typeName
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var intValue: Int? { numberValue?.intValue }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` when the value is an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when the value is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSONValue: Hashable {
    /// How many levels equality and hashing descend by recursion (no allocation) before they
    /// continue with a stack of their own, so any nesting depth is safe on a small thread stack.
    private static let recursionLevels = 24

    /// Equality by JSON Schema's rules.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        equal(lhs, rhs, level: 0)
    }

    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue, level: Int) -> Bool {
        if let equal = scalarsEqual(lhs, rhs) { return equal }
        if level >= recursionLevels { return equalWithWorkList(lhs, rhs) }
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            if a.sharesStorage(with: b) { return true }
            for index in a.indices where !equal(a[index], b[index], level: level + 1) { return false }
            return true
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            if a.members.sharesStorage(with: b.members) { return true }
            for (index, member) in a.members.enumerated() {
                guard let value = counterpart(of: member, at: index, in: b),
                    equal(member.value, value, level: level + 1)
                else {
                    return false
                }
            }
            return true
        default:
            return false
        }
    }

    /// Equality of deeply nested values, with a work list instead of recursion.
    private static func equalWithWorkList(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (one, other) = pending.popLast() {
            if let equal = scalarsEqual(one, other) {
                if !equal { return false }
                continue
            }
            switch (one, other) {
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for index in a.indices {
                    guard let equal = scalarsEqual(a[index], b[index]) else {
                        pending.append((a[index], b[index]))
                        continue
                    }
                    if !equal { return false }
                }
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (index, member) in a.members.enumerated() {
                    guard let value = counterpart(of: member, at: index, in: b) else { return false }
                    guard let equal = scalarsEqual(member.value, value) else {
                        pending.append((member.value, value))
                        continue
                    }
                    if !equal { return false }
                }
            default:
                return false
            }
        }
        return true
    }

    /// The value `other` holds under `member`'s key: the member at the same place when its key
    /// matches (two versions of a document usually list keys in the same order), else found by key.
    @inline(__always)
    private static func counterpart(of member: JSONObject.Member, at index: Int, in other: JSONObject)
        -> JSONValue?
    {
        let paired = other.members[index]
        return paired.key == member.key ? paired.value : other[member.key]
    }

    /// Whether two values are equal, or nil when both are arrays or both objects (the caller
    /// compares their contents).
    @inline(__always)
    private static func scalarsEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)):
            return MemberLookup.sameKey(a, b)
        case (.array, .array), (.object, .object): return nil
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array, .object: hasher.combine(Self.digest(of: self, level: 0))
        }
    }

    /// The digest of a value: recursive near the top, `digest(of:)` (the same formula with a
    /// stack of its own) below `recursionLevels`.
    private static func digest(of value: JSONValue, level: Int) -> Int {
        switch value {
        case .array(let elements):
            if level >= recursionLevels { return digest(of: value) }
            var ordered = Hasher()
            for element in elements { ordered.combine(digest(of: element, level: level + 1)) }
            return arrayDigest(count: elements.count, ordered: ordered)
        case .object(let object):
            if level >= recursionLevels { return digest(of: value) }
            var unordered = 0
            for member in object.members {
                unordered ^= memberDigest(member.key, digest(of: member.value, level: level + 1))
            }
            return objectDigest(count: object.count, unordered: unordered)
        default:
            var scalar = Hasher()
            value.hash(into: &scalar)
            return scalar.finalize()
        }
    }

    private static func memberDigest(_ key: String, _ value: Int) -> Int {
        var member = Hasher()
        member.combine(key)
        member.combine(value)
        return member.finalize()
    }

    private static func arrayDigest(count: Int, ordered: Hasher) -> Int {
        var closing = Hasher()
        closing.combine(5)
        closing.combine(count)
        closing.combine(ordered.finalize())
        return closing.finalize()
    }

    private static func objectDigest(count: Int, unordered: Int) -> Int {
        var closing = Hasher()
        closing.combine(6)
        closing.combine(count)
        closing.combine(unordered)
        return closing.finalize()
    }

    /// An array or object whose digest is being computed.
    private struct HashFrame {
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var isObject: Bool
        var next = 0
        /// Arrays: the digests of the elements so far, in order.
        var ordered = Hasher()
        /// Objects: the XOR of the member digests so far (so key order does not matter).
        var unordered = 0
        var count: Int { isObject ? members.count : elements.count }
    }

    /// A hash of a container computed bottom-up with a stack of its own instead of recursion.
    /// Equal values get equal digests: arrays combine their elements' digests in order, objects
    /// XOR a digest per member (key and value), as `JSONObject.hash(into:)` does.
    private static func digest(of root: JSONValue) -> Int {
        var open: [HashFrame] = []
        var value = root
        descending: while true {
            var finished: Int?
            switch value {
            case .array(let elements): open.append(HashFrame(elements: elements, isObject: false))
            case .object(let object): open.append(HashFrame(members: object.members, isObject: true))
            default:
                var scalar = Hasher()
                value.hash(into: &scalar)
                finished = scalar.finalize()
            }
            while true {
                if let digest = finished {
                    guard !open.isEmpty else { return digest }
                    let last = open.count - 1
                    if open[last].isObject {
                        open[last].unordered ^= memberDigest(
                            open[last].members[open[last].next - 1].key, digest)
                    } else {
                        open[last].ordered.combine(digest)
                    }
                    finished = nil
                }
                guard let frame = open.last else { return 0 }
                let last = open.count - 1
                if frame.next < frame.count {
                    value = frame.isObject ? frame.members[frame.next].value : frame.elements[frame.next]
                    open[last].next += 1
                    continue descending
                }
                finished =
                    frame.isObject
                    ? objectDigest(count: frame.count, unordered: frame.unordered)
                    : arrayDigest(count: frame.count, ordered: frame.ordered)
                open.removeLast()
            }
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
