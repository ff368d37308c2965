/// The members of a JSON object, in document order.
///
/// Lookups are linear for the small objects that dominate API payloads, and go through a hash
/// index built at construction for larger ones. Keys are unique: for a key given twice the parser
/// keeps the last value (in the first member's place) and reports the duplicate beside the value.
public struct JSONObject: Sendable {
    public typealias Member = (key: String, value: JSONValue)

    public private(set) var members: [Member]
    private var index: [String: Int]?

    private static let indexThreshold = 12

    /// Builds an object from members; a later member with the same key replaces the earlier value
    /// in place.
    public init(_ members: [Member] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// Builds an object whose keys the caller guarantees unique (the parser checks them).
    init(uniqueMembers members: [Member]) {
        self.members = members
        if members.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Room for `count` members, for a caller that builds an object member by member and knows
    /// about how many it will hold.
    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }
    public var values: [JSONValue] { members.map(\.value) }

    /// The position of `key` in `members`.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { MemberLookup.sameKey($0.key, key) }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    if index != nil || members.count > Self.indexThreshold { rebuildIndex() }
                }
            } else if let newValue {
                members.append((key, newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { built[member.key] = position }
        index = built
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Copies of one document share their storage: equal without a walk (how a contract finds
        // its compiled schemas again, `ContractSchemas.shared(for:)`).
        if lhs.members.sharesStorage(with: rhs.members) { return true }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// Order-independent, so that equal objects hash equally whatever their key order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}
