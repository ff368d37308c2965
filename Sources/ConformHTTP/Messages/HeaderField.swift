/// One header field line: a name (compared without case, kept as spelled) and its value.
public struct HeaderField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension String {
    /// Whether the two strings are equal ignoring case, as header names compare.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}
