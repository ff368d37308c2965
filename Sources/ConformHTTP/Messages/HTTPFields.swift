/// The header fields of an HTTP message, in the order they were sent: the one header storage of
/// ``HTTPRequest``, ``HTTPResponse``, the client's response heads, the server's request heads and
/// the `--header` settings, so every side reads a repeated field the same way.
///
/// Field names are case-insensitive ASCII tokens, but order and repetition matter (`Set-Cookie`,
/// list fields sent on several lines), so the fields are a list of ``HeaderField``s, not a
/// dictionary, and each name keeps the spelling it was given.
///
/// **Lookup rule for repeated names** (RFC 9110 §5.3): a recipient may combine the field lines of
/// one name into a single value by joining them, in order, with `", "`; that is what
/// ``subscript(_:)`` returns. `Set-Cookie` is the exception RFC 9110 names (RFC 6265 §3: its values
/// may contain commas and cannot be combined): the subscript gives its first value, and
/// ``values(for:)`` gives every line of any name.
///
/// ```swift
/// var fields: HTTPFields = ["Accept": "text/html"]
/// fields.add("accept", "application/json")
/// fields["ACCEPT"]  // "text/html, application/json"
/// ```
///
/// The fields are also a collection of their lines (`append`, `removeAll(where:)`, `first(where:)`
/// and indexing work as on an array), so code that builds or edits a message's header lines reads
/// as it would on `[HeaderField]`, and an array literal of lines is an `HTTPFields` too.
public struct HTTPFields: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    /// One field line.
    public typealias Field = HeaderField

    /// The field lines in order, repeated names included.
    public private(set) var fields: [HeaderField]

    /// Creates an empty field list.
    public init() {
        fields = []
    }

    /// Creates fields from lines, keeping their order and any repeated names.
    public init(_ fields: [HeaderField]) {
        self.fields = fields
    }

    /// Creates fields from `(name, value)` pairs, keeping their order and any repeated names.
    public init(_ pairs: [(name: String, value: String)]) {
        fields = pairs.map { HeaderField($0.name, $0.value) }
    }

    /// Creates fields from a literal such as `["Content-Type": "text/plain"]`, in written order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HeaderField($0.0, $0.1) }
    }

    /// Creates fields from a literal list of lines such as `[HeaderField("Accept", "*/*")]`.
    public init(arrayLiteral elements: HeaderField...) {
        fields = elements
    }

    /// Iterates the field lines in order, repeated names included (the array's own iterator, so a
    /// loop over the fields in any module runs as fast as one over an array).
    public func makeIterator() -> IndexingIterator<[HeaderField]> {
        fields.makeIterator()
    }

    /// The position of the first line.
    public var startIndex: Int { fields.startIndex }

    /// The position after the last line.
    public var endIndex: Int { fields.endIndex }

    /// The line at `position`, counting repeated names separately.
    public subscript(position: Int) -> HeaderField {
        get { fields[position] }
        set { fields[position] = newValue }
    }

    /// Appends a line, keeping any existing lines with the same name.
    public mutating func append(_ field: HeaderField) {
        fields.append(field)
    }

    /// Reserves room for `count` lines.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Replaces the lines in `range` with `lines`, keeping the others in order.
    public mutating func replaceSubrange(_ range: Range<Int>, with lines: some Collection<HeaderField>) {
        fields.replaceSubrange(range, with: lines)
    }

    /// The value of `name` under the lookup rule above: absent is nil, one line is its value,
    /// several lines are joined with `", "` (`Set-Cookie`: the first line).
    ///
    /// Setting a value replaces every line with that name by one line at the position of the
    /// first; setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            let all = values(for: name)
            guard let first = all.first else { return nil }
            if all.count == 1 || Self.namesMatch(name, "Set-Cookie") { return first }
            return all.joined(separator: ", ")
        }
        set {
            if let newValue {
                set(name, newValue)
            } else {
                remove(name)
            }
        }
    }

    /// Every value sent for `name`, one per line, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether at least one line is named `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a line, keeping any existing lines with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(HeaderField(name, value))
    }

    /// Replaces all lines named `name` with a single one, at the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            fields.append(HeaderField(name, value))
            return
        }
        fields[first] = HeaderField(name, value)
        let rest = fields[(first + 1)...].filter { !Self.namesMatch($0.name, name) }
        fields.replaceSubrange((first + 1)..., with: rest)
    }

    /// Removes every line named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The comma-separated list elements of every `name` line, trimmed and lowercased: how list
    /// fields such as `Connection` and `Transfer-Encoding` are read, whatever lines they came on.
    public func tokens(for name: String) -> [String] {
        values(for: name).flatMap { value in
            value.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() }
        }
        .filter { !$0.isEmpty }
    }

    /// Equal when the same lines appear in the same order; names compare without case.
    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name.utf8.map(Self.asciiLowercase))
            hasher.combine(field.value)
        }
    }

    /// ASCII case-insensitive comparison; field names are ASCII tokens.
    public static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
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
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace), for the
    /// client's and the mock's header parsing alike.
    package func trimmingASCIIWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
            let last = lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
