import JSONSchema

extension ContractShape {
    /// One endpoint: a method on a path, what it takes and what it answers.
    static let endpoint = ObjectShape(
        what: "an endpoint",
        members: [
            .required("id", .string),
            .required("method", .pattern(methodPattern), comment: methodList + ", in any case."),
            .required("path", .pattern("^/")),
            .member("summary", .string),
            .member("description", .string),
            .member("tags", .array(.string)),
            .member("parameters", .reference("parameters")),
            .member("request", .reference("request")),
            .required("responses", .reference("responses")),
            .member("latencyBudgetMs", .reference("latencyBudget")),
            .member("checks", .reference("checks")),
            .member("examples", .array(.reference("example"))),
            .member(
                "security", .reference("security"),
                description:
                    "The schemes of auth/schemes this endpoint uses instead of auth/security; [] for a public endpoint."
            ),
        ])

    /// An endpoint's parameters, by location, each by name.
    static let parameters = ObjectShape(
        what: "\"parameters\"",
        members: Parameter.Location.allCases.map { location in
            let parameter: ValueShape =
                location == .path
                ? .fragment(["$ref": "#/$defs/parameter", "properties": ["required": ["const": true]]])
                : .reference("parameter")
            return .member(location.rawValue, .map(parameter))
        })

    /// One parameter.
    static let parameter = ObjectShape(
        what: "a parameter",
        members: [
            .member("required", .boolean, comment: "Defaults to true for path parameters, false otherwise."),
            .member("schema", .reference("schema")),
            .member("description", .string),
            .member(
                "filters", .pattern(pointerPattern),
                description:
                    "A pointer into the response body, * for every element, whose values must equal the parameter."
            ),
            .member(
                "limits", .pattern(pointerPattern),
                description:
                    "A pointer to the array of the response body whose length the parameter bounds ('' for a bare array): the mock truncates it, and fuzzing's limit_respected holds a server to it."
            ),
            .member(
                "style", .choice(ParameterStyle.allCases.map(\.rawValue)),
                description:
                    "How the value is written, as OpenAPI's style: form (default), spaceDelimited, pipeDelimited or deepObject in the query; simple (default), label or matrix in the path; simple in a header."
            ),
            .member(
                "explode", .boolean,
                description:
                    "Whether arrays and objects spread over several pairs (ids=1&ids=2) rather than one (ids=1,2, the default)."
            ),
            .member(
                "allowReserved", .boolean,
                description: "Whether reserved characters go into the query unencoded."),
        ])

    /// An endpoint's request body.
    static let request = ObjectShape(
        what: "\"request\"",
        members: [
            .member("contentType", .reference("mediaType"), default: "application/json"),
            .member("schema", .reference("schema")),
            .member("required", .boolean, default: true),
            .member("description", .string),
        ])

    /// An endpoint's responses, keyed by status, range or `default`; read by the decoder's own code.
    static let responses: JSONValue = [
        "type": "object",
        "minProperties": 1,
        "patternProperties": [
            "^[1-5][0-9][0-9]$": ["$ref": "#/$defs/response"],
            "^[1-5][Xx][Xx]$": ["$ref": "#/$defs/response"],
            "^default$": ["$ref": "#/$defs/response"],
        ],
        "additionalProperties": false,
    ]

    /// One declared response.
    static let response = ObjectShape(
        what: "a response",
        members: [
            .member("description", .string),
            .member(
                "contentType",
                .conditional(
                    if: ["type": "array"],
                    then: .fragment(["minItems": 1, "items": ["$ref": "#/$defs/mediaType"]]),
                    else: .reference("mediaType"))),
            .member("headers", .map(.reference("header"))),
            .member("schema", .reference("schema")),
            .member(
                "example", .any,
                description: "The body the mock answers with; {{baseURL}} becomes the mock's URL."),
        ])

    /// One header of a declared response.
    static let header = ObjectShape(
        what: "a header",
        members: [
            .member("required", .boolean, default: true),
            .member("schema", .reference("schema")),
            .member("description", .string),
        ])
}
