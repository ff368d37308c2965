public import JSONSchema

/// The request body an endpoint accepts.
public struct RequestSpec: Sendable {
    public var contentType: String
    public var schemaPointer: JSONPointer?
    public var isRequired: Bool
    public var pointer: JSONPointer

    public init(
        contentType: String, schemaPointer: JSONPointer?, isRequired: Bool = true,
        pointer: JSONPointer = .root
    ) {
        self.contentType = contentType
        self.schemaPointer = schemaPointer
        self.isRequired = isRequired
        self.pointer = pointer
    }
}
