public import JSONSchema

/// What happened when a model decoded one payload, wherever the decoding ran.
///
/// The fuzzer classifies outcomes, not exceptions, so the same classification code works for
/// decoding in process and for decoding in an isolated child process, where a crash or a hang is
/// an outcome too.
public enum DecodeOutcome: Sendable, Equatable {
    /// The model decoded; `reencoded` holds its encoding when the model is `Encodable`.
    case decoded(reencoded: [UInt8]?)
    /// The model (or the decoder) threw; `pointer` is the error's coding path.
    case threw(pointer: JSONPointer, message: String)
    /// The process decoding the payload died (a trap, `fatalError`, a failed precondition).
    case crashed(status: String)
    /// Decoding did not finish within the time limit.
    case hung(seconds: Double)
    /// The isolated child process could not decode at all (it never started decoding).
    case isolationFailed(reason: String)

}
