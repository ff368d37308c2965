public import JSONSchema

/// A request to replay and what its response must show. Examples chain: one captures values from
/// its response into variables, later ones use them as `{{name}}`.
public struct Example: Sendable {
    public var name: String
    public var pathParameters: [(name: String, value: JSONValue)]
    public var query: [(name: String, value: JSONValue)]
    public var headers: [(name: String, value: JSONValue)]
    /// A JSON body, with `{{variables}}` still in it.
    public var body: JSONValue?
    /// A body sent as raw text instead of JSON (to replay malformed input).
    public var rawBody: String?
    /// Overrides the request content type (default: the endpoint's).
    public var contentType: String?
    /// The status the response must have; nil accepts any declared status.
    public var expectedStatus: Int?
    public var captures: [Capture]
    public var assertions: [Assertion]
    public var pointer: JSONPointer

    public init(
        name: String, pathParameters: [(name: String, value: JSONValue)] = [],
        query: [(name: String, value: JSONValue)] = [], headers: [(name: String, value: JSONValue)] = [],
        body: JSONValue? = nil, rawBody: String? = nil, contentType: String? = nil,
        expectedStatus: Int? = nil,
        captures: [Capture] = [], assertions: [Assertion] = [], pointer: JSONPointer = .root
    ) {
        self.name = name
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.rawBody = rawBody
        self.contentType = contentType
        self.expectedStatus = expectedStatus
        self.captures = captures
        self.assertions = assertions
        self.pointer = pointer
    }

    /// Every variable the example uses, in its parameters, headers, body and assertions.
    public var usedVariables: Set<String> {
        var names = Set<String>()
        for value in pathParameters.map(\.value) + query.map(\.value) + headers.map(\.value) {
            names.formUnion(Template.variables(in: value))
        }
        if let body { names.formUnion(Template.variables(in: body)) }
        if let rawBody { names.formUnion(Template.variables(in: rawBody)) }
        for assertion in assertions { names.formUnion(assertion.usedVariables) }
        return names
    }

    /// The variables this example defines for later ones.
    public var capturedVariables: [String] { captures.map(\.variable) }
}
