public import JSONSchema

/// One way a Codable model and its contract schema disagree, with the smallest payload that shows it.
///
/// Everything needed to reproduce is included: the (shrunk) payload, where it goes wrong as a JSON
/// pointer into that payload, the rule it breaks, and the seed, case count and case index that
/// replay it (`reproduction` spells out the call).
public struct CodableFinding: Sendable, CustomStringConvertible {
    /// How the model and the contract disagree.
    public enum Kind: String, Sendable, CaseIterable {
        /// A payload the contract allows does not decode: the app breaks on a correct server.
        case stricter
        /// A payload the contract forbids decodes: the model silently accepts bad data. Fails when
        /// the broken `rule` is one of the fuzzer's `FailingRules`, a warning otherwise.
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
        /// The model could not be run in the crash-isolation child at all (not registered there,
        /// or the child does not start): nothing was checked, so the run fails loudly.
        case isolationFailed
    }

    public var kind: Kind
    /// The model's type name.
    public var typeName: String
    /// The schema the model was fuzzed against, as people name it (`MenuItem`,
    /// `the 200 response of listMenu`).
    public var schemaName: String
    /// The rule of the contract at stake: for `looser`, the one the payload breaks (`required`,
    /// `type`, `minLength` …); for `crash` and `hang`, the one the cause value breaks (nil when the
    /// contract allows it); for `encodingDrift`, the one the encoding breaks.
    public var rule: SchemaRule?
    /// The smallest payload found that still shows the finding (compact JSON, or raw bytes as text).
    public var payload: String
    /// The payload before shrinking.
    public var originalPayload: String
    /// Where in `payload` it goes wrong: where decoding stopped (`stricter`; for a missing key,
    /// the object that lacks it), where the schema rejects the payload (`looser`, `encodingDrift`),
    /// or the value that makes decoding crash or hang.
    public var pointer: JSONPointer
    /// The whole story in one paragraph.
    public var message: String
    /// The fuzzer seed that produced the payload.
    public var seed: UInt64
    /// The index of the original payload in the run, for `CodableFuzzer.reproduce`.
    public var caseIndex: Int
    /// The fuzzer's case count (the payload list depends on it), for `CodableFuzzer.reproduce`.
    public var cases: Int
    /// Whether the finding should fail a test.
    public var isFailure: Bool
    /// The call that replays this finding's case, such as
    /// `CodableFuzzer(contract, cases: 100, seed: 1).reproduce(MenuItem.self, .schema("MenuItem"), caseIndex: 17)`.
    public var reproduction: String

    public init(
        kind: Kind, typeName: String, schemaName: String = "", rule: SchemaRule? = nil, payload: String,
        originalPayload: String, pointer: JSONPointer, message: String, seed: UInt64, caseIndex: Int,
        cases: Int = 0, isFailure: Bool, reproduction: String = ""
    ) {
        self.kind = kind
        self.typeName = typeName
        self.schemaName = schemaName
        self.rule = rule
        self.payload = payload
        self.originalPayload = originalPayload
        self.pointer = pointer
        self.message = message
        self.seed = seed
        self.caseIndex = caseIndex
        self.cases = cases
        self.isFailure = isFailure
        self.reproduction = reproduction
    }

    /// The finding in a few lines: verdict and message, then payload, pointer, rule and how to replay.
    public var description: String {
        var lines = ["\(isFailure ? "error" : "warning"): [\(kind.rawValue)] \(message)"]
        lines.append("  payload: \(payload)")
        lines.append("  at: \(pointer.displayText)" + (rule.map { ", rule `\($0)`" } ?? ""))
        if !reproduction.isEmpty { lines.append("  reproduce: \(reproduction)") }
        return lines.joined(separator: "\n")
    }
}
