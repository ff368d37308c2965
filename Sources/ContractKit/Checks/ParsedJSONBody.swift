import ConformHTTP
public import JSONSchema

/// A response's JSON body: validated against its schema while it is read, with a tape and a
/// `JSONValue` tree built only when a check, a capture or a message needs them.
///
/// Most bodies of a healthy server are valid by their schema, and reading the text decides that
/// alone (`Schema.isValidWhileReading`), holding no more than the body itself: a tape beside it
/// (8 bytes a value and a key) made a key-dense body cost three times its size. Checks run one
/// after the other on copies of one `CheckContext`, so what is built lives in a shared box:
/// whichever reader asks first builds it, and the others reuse it.
public final class ParsedJSONBody: Sendable {
    /// The body's bytes.
    public let bytes: [UInt8]
    private let state = Locked<State>(State())

    private struct State {
        var tape: Result<JSONTape, JSONParseError>?
        var tree: JSONValue?
        /// Set once a reading found the body to be JSON without a key named twice.
        var readsCleanly = false
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The scanned body, or why it is not JSON: built on first use and kept.
    public var tape: Result<JSONTape, JSONParseError> {
        state.withLock { state in
            if let tape = state.tape { return tape }
            let scanned = Result { () throws(JSONParseError) in try JSONTape.parse(bytes) }
            state.tape = scanned
            return scanned
        }
    }

    /// Whether the body is valid by `schema`, decided while reading it; nil when it is not JSON or
    /// names a key twice (read `tape` for which).
    public func isValid(by schema: Schema) -> Bool? {
        let verdict = bytes.withUnsafeBytes { schema.isValidWhileReading(json: $0) }
        if verdict != nil { state.withLock { $0.readsCleanly = true } }
        return verdict
    }

    /// The body as a `JSONValue`, built on first use (from the tape when one was built, else from a
    /// tape that is not kept).
    public var value: Result<JSONValue, JSONParseError> {
        state.withLock { state in
            if let tree = state.tree { return .success(tree) }
            let tape = state.tape ?? Result { () throws(JSONParseError) in try JSONTape.parse(bytes) }
            if case .failure = tape { state.tape = tape }
            return tape.map { tape in
                let built = tape.value
                state.tree = built
                return built
            }
        }
    }

    /// Whether some reader has asked for the tree yet.
    var isTreeBuilt: Bool { state.withLock { $0.tree != nil } }

    /// Keys the body gives twice in one object (its parser keeps the last value).
    public var duplicateKeys: [JSONDuplicateKey] {
        if state.withLock({ $0.readsCleanly }) { return [] }
        return (try? tape.get())?.duplicateKeys ?? []
    }
}
