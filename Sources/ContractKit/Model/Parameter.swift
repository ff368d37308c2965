public import JSONSchema

/// Where a request parameter goes, and the schema its value must satisfy.
public struct Parameter: Sendable {
    public enum Location: String, Sendable, CaseIterable {
        case path
        case query
        case header
    }

    public var name: String
    public var location: Location
    public var isRequired: Bool
    /// Where the parameter's schema stands in the document, when it has one.
    public var schemaPointer: JSONPointer?
    /// A pointer pattern into the response body whose values this parameter filters by equality
    /// (`/items/*/category`): the mock applies the filter and the runner can check it.
    public var filters: PointerPattern?
    /// The array of the answer whose length this parameter bounds (`/items`): the mock truncates
    /// it, and `limit_respected` holds a server to it.
    public var limits: JSONPointer?
    /// How the value is written (OpenAPI `style`); the location's default unless declared.
    public var style: ParameterStyle
    /// Whether arrays and objects are spread over several pairs or segments (OpenAPI `explode`).
    /// A contract's default is false (`ids=1,2`); a converted OpenAPI description says what it
    /// declares, else OpenAPI's default (true for `form`).
    public var explode: Bool
    /// Whether reserved characters (`:/?#[]@!$&'()*+,;=`) go into the query unencoded.
    public var allowReserved: Bool
    public var pointer: JSONPointer

    public init(
        name: String, location: Location, isRequired: Bool, schemaPointer: JSONPointer? = nil,
        filters: PointerPattern? = nil, limits: JSONPointer? = nil, style: ParameterStyle? = nil,
        explode: Bool = false, allowReserved: Bool = false, pointer: JSONPointer = .root
    ) {
        self.name = name
        self.location = location
        self.isRequired = isRequired
        self.schemaPointer = schemaPointer
        self.filters = filters
        self.limits = limits
        self.style = style ?? ParameterStyle.defaultStyle(for: location)
        self.explode = explode
        self.allowReserved = allowReserved
        self.pointer = pointer
    }
}
