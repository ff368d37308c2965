extension Mutation {
    /// `: required "name" is missing` at the root, ` at /items/0: -1 breaks minimum 0` below it: the
    /// damage in words, to follow a noun such as "body", without the kind's identifier.
    public var summary: String {
        let prefix = "\(pointer.displayText): "
        let detail = description.hasPrefix(prefix) ? String(description.dropFirst(prefix.count)) : description
        return pointer.tokens.isEmpty ? ": \(detail)" : " at \(pointer.displayText): \(detail)"
    }
}
