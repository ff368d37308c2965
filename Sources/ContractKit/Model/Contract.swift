public import JSONSchema

/// An API contract: the endpoints of one HTTP API, what they accept and answer, and examples to
/// replay. Loaded from a JSON file in `Contracts/` (format version 1, see `docs/contract-format.md`).
public struct Contract: Sendable {
    /// The contract format version (`"conform": 1`).
    public var formatVersion: Int
    public var name: String
    public var version: String
    public var description: String?
    /// The server used when no `--base-url` is given and the mock is not requested.
    public var baseURL: String?
    /// The first `servers` URL of the OpenAPI description the contract was read from, as written
    /// (its variables at their defaults), relative ones included (`/v1`): a description given as a
    /// URL means the server that served it, at this path (``ServerChoice``). Nil for a contract
    /// written for Conform, and for a description that names no server.
    public var serverURL: String? = nil
    /// The time every response must arrive in, unless an endpoint sets its own.
    public var latencyBudget: Duration?
    /// Whether `format` keywords are asserted (not only annotations) when validating bodies.
    public var assertsFormats: Bool
    /// Contract-wide check settings; endpoints refine them.
    public var checks: CheckSettings
    public var endpoints: [Endpoint]
    /// The whole document: the root that schema `$ref`s such as `#/schemas/MenuItem` resolve against.
    public var document: JSONValue
    /// Where each value stands in the file, for messages.
    public var sourceMap: JSONSourceMap
    /// The file the contract was read from, as given by the user.
    public var file: String?
    /// The base URI for `$ref` resolution (the file's URL).
    public var baseURI: String
    /// How the API authenticates (`"auth"`), nil when the contract declares nothing.
    public var auth: ContractAuth? = nil
    /// Operations of a description that could not be loaded and were left out, each with its reason
    /// (always empty for a contract written for Conform, whose errors refuse it whole).
    public var skippedOperations: [SkippedOperation] = []

    public init(
        formatVersion: Int = 1, name: String, version: String, description: String? = nil,
        baseURL: String? = nil,
        latencyBudget: Duration? = nil, assertsFormats: Bool = false, checks: CheckSettings = CheckSettings(),
        endpoints: [Endpoint], document: JSONValue, sourceMap: JSONSourceMap = JSONSourceMap(),
        file: String? = nil,
        baseURI: String = "urn:conform:contract"
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.version = version
        self.description = description
        self.baseURL = baseURL
        self.latencyBudget = latencyBudget
        self.assertsFormats = assertsFormats
        self.checks = checks
        self.endpoints = endpoints
        self.document = document
        self.sourceMap = sourceMap
        self.file = file
        self.baseURI = baseURI
    }

    /// The endpoint with `id`.
    public func endpoint(_ id: String) -> Endpoint? { endpoints.first { $0.id == id } }

    /// The schema at `pointer` in the document (a response or request schema).
    public func schema(at pointer: JSONPointer) -> JSONValue? { pointer.resolve(in: document) }
}
