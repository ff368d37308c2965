public import JSONSchema

/// One schema-invalid variant of a valid instance, with the location and nature of the damage.
///
/// Each mutation breaks exactly one thing in an otherwise valid payload, so a server that accepts it
/// has a precise, reportable validation gap ("accepts `price` above `maximum`").
public struct Mutation: Sendable, CustomStringConvertible {
    /// What was broken.
    public enum Kind: String, Sendable, CaseIterable {
        case wrongType
        case missingRequired
        case nullNotAllowed
        case unknownKey
        case outOfRange
        case notMultipleOf
        case notInteger
        case tooShort
        case tooLong
        case patternMismatch
        case enumViolation
        case constViolation
        case duplicateItems
        case tooFewItems
        case tooManyItems
        case tooFewProperties
        case tooManyProperties
        /// A value that breaks `format`; only invalid for validators that assert formats.
        case formatViolation
    }

    public var kind: Kind
    /// Where in the instance the change was made (the parent object for added or removed keys).
    public var pointer: JSONPointer
    public var description: String
    /// The whole mutated instance.
    public var value: JSONValue

    public init(kind: Kind, pointer: JSONPointer, description: String, value: JSONValue) {
        self.kind = kind
        self.pointer = pointer
        self.description = description
        self.value = value
    }
}
