public import JSONSchema

/// Why an OpenAPI document cannot be converted at all (as opposed to the warnings about parts of it):
/// it is not an object, or its `openapi` version is not 3.0.x or 3.1.x.
public struct OpenAPIConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence a person can act on.
    public var message: String
    /// Where the problem stands in the OpenAPI document.
    public var pointer: JSONPointer

    public init(_ message: String, at pointer: JSONPointer) {
        self.message = message
        self.pointer = pointer
    }

    public var description: String { "\(message) (at \(pointer.displayText))" }
}
