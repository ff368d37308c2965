public import JSONSchema

/// What one app version stored, as a JSON Schema inferred from its snapshots.
public struct StoredFormat: Sendable, Hashable {
    /// The version (`v1`), from the file names.
    public var version: String
    /// The snapshot files it was inferred from, as the test names them.
    public var files: [String]
    /// The inferred JSON Schema (2020-12): types, required keys, enum values seen, formats.
    public var schema: JSONValue
}
