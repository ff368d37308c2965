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
            self.init(
                pointer: Self.pointer(context.codingPath + [key]),
                message: "the key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            self.init(pointer: Self.pointer(context.codingPath), message: Self.reason(context))
        @unknown default:
            self.init(pointer: .root, message: String(describing: decodingError))
        }
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
