public import JSONSchema

/// A response header the contract declares.
public struct HeaderSpec: Sendable {
    public var name: String
    public var isRequired: Bool
    public var schemaPointer: JSONPointer?
    public var pointer: JSONPointer

    public init(
        name: String, isRequired: Bool, schemaPointer: JSONPointer? = nil, pointer: JSONPointer = .root
    ) {
        self.name = name
        self.isRequired = isRequired
        self.schemaPointer = schemaPointer
        self.pointer = pointer
    }
}
