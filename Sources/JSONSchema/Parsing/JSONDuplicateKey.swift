/// A name given twice in one JSON object, with both places.
///
/// RFC 8259 says names *should* be unique, so such a document is still JSON: the parser accepts it
/// and keeps the **last** value (as JavaScript's `JSON.parse`, Python's `json` and Foundation's
/// decoders do), in the place of the first member. Receivers disagree on which value wins, so
/// Conform reports every duplicate instead of choosing silently: `conform validate` prints a
/// warning, a checked response gets a `duplicate_keys` finding.
public struct JSONDuplicateKey: Sendable, Hashable, CustomStringConvertible {
    /// The repeated name, decoded.
    public var key: String
    /// The member the name denotes (its object's pointer plus the key).
    public var pointer: JSONPointer
    /// Where the key first appears.
    public var first: SourcePosition
    /// Where it appears again; this occurrence's value is the one kept.
    public var again: SourcePosition

    public init(key: String, pointer: JSONPointer, first: SourcePosition, again: SourcePosition) {
        self.key = key
        self.pointer = pointer
        self.first = first
        self.again = again
    }

    /// `duplicate key "id" at /items/0/id (first at 3:5, again at 9:5; the last value is kept)`.
    public var description: String {
        "duplicate key \"\(key)\" at \(pointer.displayText) (first at \(first), again at \(again); the last value is kept)"
    }
}
