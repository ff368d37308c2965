/// The header fields of a request or response, in the order they were sent.
///
/// HTTP field names are case-insensitive but their order and repetition matter (for example
/// `Set-Cookie`), so the fields are kept as an ordered list of pairs instead of a dictionary.
/// Lookups ignore ASCII case; the spelling of each name is preserved as given.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, Equatable {
    /// One header field.
    public typealias Field = (name: String, value: String)

    private var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates headers from pairs, keeping their order and any repeated names.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// Creates headers from a literal such as `["Content-Type": "text/plain"]`, in written order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Whether there are no fields at all.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order, repeated names included.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// The first value for `name`, or `nil` when the field is absent.
    ///
    /// Setting a value replaces every field with that name; setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            if let newValue {
                set(name, newValue)
            } else {
                remove(name)
            }
        }
    }

    /// Every value sent for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is named `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces all fields named `name` with a single one, at the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
            fields[first] = (name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.namesMatch(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            fields.append((name: name, value: value))
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The comma-separated list elements of every `name` field, trimmed and lowercased.
    ///
    /// Used for fields defined as lists of tokens, such as `Connection` and `Transfer-Encoding`.
    func tokens(for name: String) -> [String] {
        values(for: name).flatMap { value in
            value.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() }
        }
        .filter { !$0.isEmpty }
    }

    /// Equal when the same fields appear in the same order; names compare without case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison; field names are ASCII tokens.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingASCIIWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
            let last = lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
