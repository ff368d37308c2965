import Foundation

/// Why a model could not load (or write back) one snapshot, as plain data that crosses the
/// crash-isolation wire intact.
///
/// A `DecodingError` only exists in the process that decoded, and its coding path names the
/// model's keys (`dueDate`), not the file's (`due_date`). The child sends this instead, and the
/// parent, which holds the snapshot and the decoder's strategies, turns it into wire terms.
struct StoredFailure: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        case typeMismatch, valueNotFound, keyNotFound, dataCorrupted
        /// The model's own `init(from:)` threw an error that is not a `DecodingError`.
        case thrown
        /// The value decoded, but the app's encoder could not write it again.
        case encodingFailed
    }

    /// One step of a coding path: the key's string value, and its integer value when it has one
    /// (an array index, or a key of a dictionary keyed by `Int`).
    struct Step: Codable, Sendable, Equatable {
        var key: String
        var index: Int?
    }

    var kind: Kind
    var path: [Step]
    /// The type the decoder expected (`Double`, `Array<Any>`), for type mismatches and nulls.
    var expected: String?
    /// The key that was not there, as the model names it.
    var missingKey: String?
    /// The decoder's own sentence, or the thrown error's description.
    var detail: String

    init(kind: Kind, path: [Step], expected: String? = nil, missingKey: String? = nil, detail: String) {
        self.kind = kind
        self.path = path
        self.expected = expected
        self.missingKey = missingKey
        self.detail = detail
    }

    /// What decoding threw.
    init(decoding error: any Error) {
        guard let decodingError = error as? DecodingError else {
            self.init(kind: .thrown, path: [], detail: String(describing: error))
            return
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            self.init(
                kind: .typeMismatch, path: Self.steps(context.codingPath), expected: String(describing: type),
                detail: context.debugDescription)
        case .valueNotFound(let type, let context):
            self.init(
                kind: .valueNotFound, path: Self.steps(context.codingPath),
                expected: String(describing: type),
                detail: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(
                kind: .keyNotFound, path: Self.steps(context.codingPath), missingKey: key.stringValue,
                detail: context.debugDescription)
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            self.init(
                kind: .dataCorrupted, path: Self.steps(context.codingPath),
                detail: context.debugDescription + underlying)
        @unknown default:
            self.init(kind: .thrown, path: [], detail: String(describing: decodingError))
        }
    }

    /// What encoding the decoded value threw.
    init(encoding error: any Error) {
        var path: [Step] = []
        if case .invalidValue(_, let context) = error as? EncodingError {
            path = Self.steps(context.codingPath)
        }
        self.init(kind: .encodingFailed, path: path, detail: String(describing: error))
    }

    static func steps(_ codingPath: [any CodingKey]) -> [Step] {
        codingPath.map { Step(key: $0.stringValue, index: $0.intValue) }
    }

    /// The failure as the text of a `DecodeOutcome.threw` message.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? detail
    }

    /// The failure a `DecodeOutcome.threw` message carries; a message that is not one (a harness
    /// of another kind) becomes a `thrown` failure with that text.
    init(message: String) {
        if let decoded = try? JSONDecoder().decode(StoredFailure.self, from: Data(message.utf8)) {
            self = decoded
        } else {
            self.init(kind: .thrown, path: [], detail: message)
        }
    }
}
