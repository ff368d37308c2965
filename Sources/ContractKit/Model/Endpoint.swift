public import JSONSchema

/// One operation of the API: a method and a path template, with what it accepts and answers.
public struct Endpoint: Sendable {
    /// A stable name (`listMenu`) used by `--only`, reports and findings.
    public var id: String
    /// Upper-case HTTP method.
    public var method: String
    public var path: PathTemplate
    public var summary: String?
    public var tags: [String]
    public var parameters: [Parameter]
    public var request: RequestSpec?
    /// Declared responses, in document order.
    public var responses: [ResponseSpec]
    public var latencyBudget: Duration?
    public var checks: CheckSettings
    public var examples: [Example]
    /// Where the endpoint stands in the contract document.
    public var pointer: JSONPointer

    public init(
        id: String, method: String, path: PathTemplate, summary: String? = nil, tags: [String] = [],
        parameters: [Parameter] = [], request: RequestSpec? = nil, responses: [ResponseSpec] = [],
        latencyBudget: Duration? = nil, checks: CheckSettings = CheckSettings(), examples: [Example] = [],
        pointer: JSONPointer = .root
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.summary = summary
        self.tags = tags
        self.parameters = parameters
        self.request = request
        self.responses = responses
        self.latencyBudget = latencyBudget
        self.checks = checks
        self.examples = examples
        self.pointer = pointer
    }

    /// The parameters found in `location`.
    public func parameters(in location: Parameter.Location) -> [Parameter] {
        parameters.filter { $0.location == location }
    }

    /// The response declared for `status`: an exact code first, then a range (`2XX`), then `default`.
    public func response(for status: Int) -> ResponseSpec? {
        responses.first { $0.status == .code(status) }
            ?? responses.first { $0.status == .range(status / 100) }
            ?? responses.first { $0.status == .default }
    }

    /// `GET /menu`, for messages.
    public var displayName: String { "\(method) \(path.template)" }
}

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
