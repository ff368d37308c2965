public import JSONSchema

/// One payload the fuzzer feeds a model, with what the contract says about it.
public struct FuzzPayload: Sendable {
    /// Where the payload comes from, which decides how an outcome is judged.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// An edge-case instance valid for the schema.
        case boundary
        /// A random instance valid for the schema.
        case random
        /// A valid instance with one rule broken (`Mutator`).
        case mutation(Mutation.Kind, at: JSONPointer)
        /// Bytes that are not (well-behaved) JSON (`MalformedBody`).
        case malformed(MalformedBody)

        public var description: String {
            switch self {
            case .boundary: return "boundary instance"
            case .random: return "random valid instance"
            case .mutation(let kind, let pointer):
                return "mutation \(kind.rawValue) at \(pointer.displayText)"
            case .malformed(let body): return "malformed body \(body.rawValue)"
            }
        }
    }

    public var origin: Origin
    /// The payload as JSON, when it is JSON at all (not for most malformed bodies).
    public var value: JSONValue?
    /// The exact bytes the model decodes.
    public var bytes: [UInt8]

    public init(origin: Origin, value: JSONValue?, bytes: [UInt8]) {
        self.origin = origin
        self.value = value
        self.bytes = bytes
    }

    /// A payload built from a JSON value, serialized compactly.
    public init(origin: Origin, value: JSONValue) {
        self.init(origin: origin, value: value, bytes: JSONSerializer().bytes(value))
    }

    /// The payload as text for a report, elided in the middle when long.
    public var displayText: String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.count > 400 else { return text }
        return String(text.prefix(300)) + " … " + String(text.suffix(60))
    }
}
