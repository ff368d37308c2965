import Glibc

/// Fast, exact member lookup for the validator's hot path, and the one comparison of keys and
/// strings (`JSONObject`, `JSONValue` equality, the parser's and the YAML reader's duplicate keys).
///
/// JSON compares keys by code points, not by Unicode canonical equivalence, so keys are compared
/// byte for byte; `memcmp` on the contiguous UTF-8 of native strings is much faster than walking
/// two `UTF8View`s.
enum MemberLookup {
    /// Objects up to this size are searched linearly; larger ones use `JSONObject`'s hash index.
    static let linearLimit = 12

    @inline(__always)
    static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in sameBytes(left, right) }
        }
        if let compared, let compared { return compared }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    @inline(__always)
    private static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        if left.count <= 16 {
            for index in 0..<left.count where left[index] != right[index] { return false }
            return true
        }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return memcmp(leftBase, rightBase, left.count) == 0
    }

    @inline(__always)
    static func value(of name: String, in object: JSONObject) -> JSONValue? {
        guard object.count <= linearLimit else { return object[name] }
        for member in object.members where sameKey(member.key, name) { return member.value }
        return nil
    }

    /// Like `value(of:in:)`, starting the scan at `cursor` (wrapping around) and moving the cursor
    /// past the match: instances usually list keys in the schema's order, so each lookup of a
    /// `properties` walk then hits on its first comparison.
    @inline(__always)
    static func value(of name: String, in object: JSONObject, cursor: inout Int) -> JSONValue? {
        let members = object.members
        guard members.count <= linearLimit else { return object[name] }
        let count = members.count
        var index = cursor < count ? cursor : 0
        for _ in 0..<count {
            if sameKey(members[index].key, name) {
                cursor = index + 1
                return members[index].value
            }
            index = index + 1 == count ? 0 : index + 1
        }
        return nil
    }

    /// Whether `object` has a member `name`, without copying its value out.
    @inline(__always)
    static func contains(_ name: String, in object: JSONObject) -> Bool {
        let members = object.members
        guard members.count <= linearLimit else { return object.position(of: name) != nil }
        for index in members.indices where sameKey(members[index].key, name) { return true }
        return false
    }
}

extension MemberLookup {
    /// JSON equality with the fast key comparison for the common string case (`enum`, `const`).
    @inline(__always)
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if case .string(let left) = lhs, case .string(let right) = rhs { return sameKey(left, right) }
        return lhs == rhs
    }
}
