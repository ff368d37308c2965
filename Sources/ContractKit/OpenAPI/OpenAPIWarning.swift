public import JSONSchema

/// A part of an OpenAPI document that Conform could not carry into the contract, or carried with a
/// caveat.
///
/// Nothing of the document is dropped silently: security schemes, callbacks, XML objects, form
/// encodings, cookie parameters, webhooks and external `$ref`s each leave a warning, so a person
/// knows what the replay and the mock do not check.
public struct OpenAPIWarning: Sendable, Hashable, CustomStringConvertible {
    /// What was not mapped, and what Conform does instead.
    public var message: String
    /// Where the unmapped part stands in the OpenAPI document.
    public var pointer: JSONPointer
    /// Whether the warning is about a slip of the description read the way its author meant
    /// (`"type": "int"`, an undeclared path placeholder): a defect of the document that `--strict`
    /// refuses, unlike a part Conform merely does not map.
    public var isSlip: Bool

    public init(_ message: String, at pointer: JSONPointer, isSlip: Bool = false) {
        self.message = message
        self.pointer = pointer
        self.isSlip = isSlip
    }

    /// `message (at /pointer)`.
    public var description: String { "\(message) (at \(pointer.displayText))" }
}
