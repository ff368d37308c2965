public import JSONSchema

/// Why no valid instance could be produced for a schema.
///
/// The generator refuses rather than guesses: returning a value that breaks the schema would turn a
/// contract test into a false alarm. The pointer names the schema location that could not be met.
public struct GenerationError: Error, Sendable, CustomStringConvertible {
    /// The broad reason, for programmatic handling.
    public enum Reason: String, Sendable {
        /// Keywords that no value can satisfy together (`minimum > maximum`, `false`, empty `enum`).
        case contradictory
        /// A `pattern` the generator cannot produce a match for.
        case unsatisfiablePattern
        /// A `$ref` that does not resolve in the document.
        case unresolvableReference
        /// Candidates kept failing the schema (for example `not`, `uniqueItems` over few values).
        case exhausted
        /// The schema itself is malformed (a keyword with the wrong JSON type).
        case invalidSchema
        /// Every value would nest deeper than `GenerationLimits` allows (a required property that
        /// is its own schema, a chain of references longer than the limit).
        case tooDeep
    }

    /// The broad reason, for programmatic handling.
    public var reason: Reason
    /// The schema location, relative to the schema passed in or, behind a `$ref`, to the document.
    public var pointer: JSONPointer
    /// A human-readable explanation naming the offending keywords.
    public var message: String

    public init(_ reason: Reason, at pointer: JSONPointer, _ message: String) {
        self.reason = reason
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(reason.rawValue) at \(pointer.displayText): \(message)" }
}
