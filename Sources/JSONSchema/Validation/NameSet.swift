/// A set of property names tuned for the few names a schema lists: a linear scan for small sets,
/// hashing only for large ones.
///
/// Names compare byte for byte (JSON semantics). `String` hashing follows Unicode canonical
/// equivalence, so a hash hit is confirmed against the exact names that share that hash key.
struct NameSet: Sendable {
    /// The names, in the order given.
    let names: [String]
    private let hashed: [String: [String]]?

    init(_ names: some Sequence<String>) {
        let list = Array(names)
        self.names = list
        self.hashed = list.count > 8 ? Dictionary(grouping: list, by: { $0 }) : nil
    }

    @inline(__always)
    func contains(_ name: String) -> Bool {
        if let hashed {
            guard let candidates = hashed[name] else { return false }
            return candidates.contains { MemberLookup.sameKey($0, name) }
        }
        for candidate in names where MemberLookup.sameKey(candidate, name) { return true }
        return false
    }
}
