public import JSONSchema

/// One way a Codable model and its contract schema disagree, with the smallest payload that shows it.
///
/// Everything needed to reproduce is included: the (shrunk) payload, the seed and the case index
/// of the original payload, and where decoding stopped as a JSON pointer.
public struct CodableFinding: Sendable, CustomStringConvertible {
    /// How the model and the contract disagree.
    public enum Kind: String, Sendable, CaseIterable {
        /// A payload the contract allows does not decode: the app breaks on a correct server.
        case stricter
        /// A payload the contract forbids decodes: the model silently accepts bad data (a warning
        /// unless the fuzzer is `strict`).
        case looser
        /// A decoded value encodes to JSON the contract rejects, or a request model encodes to a
        /// body its request schema rejects: what the app sends is not what the server expects.
        case encodingDrift
        /// Decoding crashed the process (a trap in a custom `init(from:)`).
        case crash
        /// Decoding did not finish in time.
        case hang
        /// A recorded real payload (a corpus sample) no longer decodes: the model changed in a way
        /// that breaks on data the server has actually sent.
        case regression
    }

    public var kind: Kind
    /// The model's type name.
    public var typeName: String
    /// The smallest payload found that still shows the finding (compact JSON, or raw bytes as text).
    public var payload: String
    /// The payload before shrinking.
    public var originalPayload: String
    /// Where decoding stopped (`stricter`), or where the schema rejects the payload (`looser`,
    /// `encodingDrift`); the root for crashes and hangs.
    public var pointer: JSONPointer
    /// The whole story in one paragraph.
    public var message: String
    /// The fuzzer seed that produced the payload.
    public var seed: UInt64
    /// The index of the original payload in the run, for `CodableFuzzer.reproduce`.
    public var caseIndex: Int
    /// Whether the finding should fail a test (warnings are `looser` findings when not `strict`).
    public var isFailure: Bool

    public init(
        kind: Kind, typeName: String, payload: String, originalPayload: String, pointer: JSONPointer,
        message: String, seed: UInt64, caseIndex: Int, isFailure: Bool
    ) {
        self.kind = kind
        self.typeName = typeName
        self.payload = payload
        self.originalPayload = originalPayload
        self.pointer = pointer
        self.message = message
        self.seed = seed
        self.caseIndex = caseIndex
        self.isFailure = isFailure
    }

    public var description: String {
        "\(isFailure ? "error" : "warning"): \(message)\n  payload: \(payload)\n  reproduce: seed \(seed), case \(caseIndex)"
    }
}
