import JSONSchema

/// One converted operation: the contract endpoint (without examples yet) and what the example
/// builder needs to write a replay example for it and to follow its links.
struct OpenAPIOperation {
    /// A parameter's place and the values an example can send for it.
    struct Parameter {
        var name: String
        /// `path`, `query` or `header`.
        var location: String
        var isRequired: Bool
        /// The parameter's own `example` or first `examples` value.
        var example: JSONValue?
        /// A value taken from its schema (`examples`, `default`, first `enum`), for required values.
        var schemaValue: JSONValue?
    }

    /// The request body's requirement and example.
    struct Body {
        var isRequired: Bool
        var example: JSONValue?
        var exampleName: String?
    }

    /// A link of one of the operation's responses, resolved from `components.links` when referenced.
    struct Link {
        var name: String
        var responseKey: String
        var object: JSONObject
        var pointer: JSONPointer
    }

    /// The endpoint id in the contract (the `operationId`, or a generated one).
    var id: String
    /// The `operationId` as written, for links that name it.
    var operationID: String?
    var pointer: JSONPointer
    /// The contract endpoint, keys in contract order, without `examples`.
    var endpoint: JSONObject
    var parameters: [Parameter]
    var body: Body?
    /// The lowest exact 2xx status, which a replay example expects.
    var expectedStatus: Int?
    /// The response key whose links a replay example captures for (the expected one, else `2XX`, else
    /// `default`).
    var replayedResponse: String?
    var links: [Link]
    /// OpenAPI pointers of the contract values, keyed by their pointer relative to the endpoint.
    var origins: [JSONPointer: JSONPointer]
}
