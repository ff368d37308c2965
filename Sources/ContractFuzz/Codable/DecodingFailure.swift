import Foundation
public import JSONSchema

/// A `DecodingError` (or any error a model throws) as a JSON pointer and a sentence.
///
/// `DecodingError`'s coding path is a list of keys whose array indices print as "Index 0"; a JSON
/// pointer (`/items/0/price`) is what the contract, the payload and the validator all speak.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// Where in the payload decoding stopped.
    public var pointer: JSONPointer
    /// Why, in words.
    public var message: String

    public init(pointer: JSONPointer, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public init(_ error: any Error) {
        guard let decodingError = error as? DecodingError else {
            self.init(pointer: .root, message: String(describing: error))
            return
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            self.init(
                pointer: Self.pointer(context.codingPath),
                message: "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(
                pointer: Self.pointer(context.codingPath),
                message: "expected \(type) but found null: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            // The pointer names the object that lacks the key: a pointer to the key itself would
            // exist in neither the payload nor (for a misspelt key) the schema.
            self.init(
                pointer: Self.pointer(context.codingPath),
                message: Self.missingKeyPrefix + key.stringValue + "\", which is not there")
        case .dataCorrupted(let context):
            self.init(pointer: Self.pointer(context.codingPath), message: Self.reason(context))
        @unknown default:
            self.init(pointer: .root, message: String(describing: decodingError))
        }
    }

    static let missingKeyPrefix = "the model reads the key \""

    /// The key a `keyNotFound` message names, so a judge that sees the payload can say what is there instead.
    static func missingKey(in message: String) -> String? {
        guard message.hasPrefix(missingKeyPrefix) else { return nil }
        let rest = message.dropFirst(missingKeyPrefix.count)
        guard let quote = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<quote])
    }

    /// The coding path as a JSON pointer: integer keys are array indices.
    public static func pointer(_ codingPath: [any CodingKey]) -> JSONPointer {
        JSONPointer(tokens: codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue })
    }

    private static func reason(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return "\(context.debugDescription) (\(underlying))"
    }

    public var description: String { "\(pointer.displayText): \(message)" }
}
