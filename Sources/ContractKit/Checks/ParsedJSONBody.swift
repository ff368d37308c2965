import ConformHTTP
public import JSONSchema

/// A response's JSON body, scanned once into a tape; its `JSONValue` tree is built only when a
/// check, a capture or a message needs it.
///
/// Most bodies of a healthy server are valid by their schema, and the tape answers that alone;
/// building the tree as well would double the parse cost of every response for nothing. Checks
/// run one after the other on copies of one `CheckContext`, so the tree lives in a shared box:
/// whichever reader asks first builds it, and the others reuse it.
public final class ParsedJSONBody: Sendable {
    /// The scanned body, or why it is not JSON.
    public let tape: Result<JSONTape, JSONParseError>
    private let tree = Locked<JSONValue?>(nil)

    public init(bytes: [UInt8]) {
        tape = Result { () throws(JSONParseError) in try JSONTape.parse(bytes) }
    }

    /// The body as a `JSONValue`, built from the tape on first use.
    public var value: Result<JSONValue, JSONParseError> {
        tape.map { tape in
            tree.withLock { cached in
                if let cached { return cached }
                let built = tape.value
                cached = built
                return built
            }
        }
    }

    /// Whether some reader has asked for the tree yet.
    var isTreeBuilt: Bool { tree.withLock { $0 != nil } }

    /// Keys the body gives twice in one object (its parser keeps the last value).
    public var duplicateKeys: [JSONDuplicateKey] {
        (try? tape.get())?.duplicateKeys ?? []
    }
}
