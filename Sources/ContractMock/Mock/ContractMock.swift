public import ConformHTTP
public import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// A server that keeps the contract it serves: it routes as OpenAPI does, rejects requests the
/// contract does not allow with the operation's declared error response, answers what a matching
/// example expects, keeps resources (`/todos` and `/todos/{id}`) in memory, and otherwise answers a
/// declared response with a body generated from its schema. Faults make it misbehave on purpose.
///
/// Client developers use it before the real server exists (`conform mock`), and `conform run`
/// replays against it when no `--base-url` is given.
///
/// ```swift
/// let mock = try ContractMock(contract: contract)
/// let baseURL = try mock.start()          // http://127.0.0.1:<free port>
/// defer { mock.shutdown() }
/// ```
public final class ContractMock: Sendable {
    /// How the mock behaves.
    public struct Configuration: Sendable {
        /// Seed for generated bodies: the same seed gives the same bodies.
        public var seed: UInt64
        public var faults: [FaultSelection]
        /// How late the `delay` fault answers, beyond the latency budget.
        public var faultDelay: Duration
        public var host: String
        public var port: Int
        /// Whether to forget every request: no stored resources, each answer made afresh.
        public var isStateless: Bool

        public init(
            seed: UInt64 = TargetSettings.defaultSeed, faults: [FaultSelection] = [],
            faultDelay: Duration = .milliseconds(300),
            host: String = "127.0.0.1", port: Int = 0, isStateless: Bool = false
        ) {
            self.seed = seed
            self.isStateless = isStateless
            self.faults = faults
            self.faultDelay = faultDelay
            self.host = host
            self.port = port
        }
    }

    public let contract: Contract
    public let configuration: Configuration
    let schemas: ContractSchemas
    let navigator: SchemaNavigator
    /// Built once: it indexes the document and resolves every `$ref` up front.
    let generator: InstanceGenerator
    let resources: Resources
    let store = ResourceStore()
    /// Generated values by schema and key: the same seed and key always give the same value, so
    /// each is generated once (a description with a hundred operations answers thousands of
    /// requests in a Schemathesis run).
    let generated = Locked<[String: JSONValue]>([:])
    private let server: Locked<HTTPServer?> = Locked(nil)
    private let baseURLState = Locked<String>("")

    public init(contract: Contract, configuration: Configuration = Configuration()) {
        self.contract = contract
        self.configuration = configuration
        self.schemas = ContractSchemas.shared(for: contract)
        self.navigator = SchemaNavigator(document: contract.document)
        self.generator = InstanceGenerator.shared(document: contract.document, baseURI: contract.baseURI)
        self.resources = Resources(model: ResourceModel(contract: contract), endpoints: contract.endpoints)
    }

    /// The largest request body the mock accepts; larger ones get a declared 413 (or 4xx) answer.
    public static let maxBodyBytes = 10 * 1_048_576

    /// The path that empties the store: `POST /__conform/reset` answers 204.
    public static let resetPath = "/__conform/reset"

    /// Forgets every stored item, as a restart would.
    public func reset() { store.reset() }

    /// Starts serving and returns the base URL (`http://127.0.0.1:54321`).
    /// - Throws: `HTTPServerError` when the address cannot be bound.
    @discardableResult
    public func start(logger: (@Sendable (String) -> Void)? = nil) throws(HTTPServerError) -> String {
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        // Bodies a little over the limit still reach the mock, which rejects them with a declared
        // response instead of the HTTP layer's plain-text 413.
        serverConfiguration.maxBodyBytes = Self.maxBodyBytes + 4 * 1_048_576
        let httpServer = HTTPServer(configuration: serverConfiguration, logger: logger) { [self] request in
            self.reply(to: request)
        }
        let port = try httpServer.start()
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let visibleHost = host == "0.0.0.0" ? "127.0.0.1" : host
        baseURLState.withLock { $0 = "http://\(visibleHost):\(port)" }
        server.withLock { $0 = httpServer }
        return baseURL
    }

    /// The URL clients use, once started.
    public var baseURL: String { baseURLState.current }

    /// Stops accepting connections and closes the open ones.
    public func shutdown() {
        let running = server.withLock { current -> HTTPServer? in
            defer { current = nil }
            return current
        }
        running?.shutdown()
    }

    /// Judges requests as every traffic check does (ContractKit's one home for request rules).
    var requestValidator: RequestValidator {
        RequestValidator(contract: contract, schemas: schemas, navigator: navigator)
    }

    func isActive(_ fault: MockFault, for endpoint: Endpoint) -> Bool {
        configuration.faults.contains { $0.fault == fault && $0.applies(to: endpoint.id) }
    }

    /// Answers one request: route, validate, match an example, use the store, build a declared
    /// response, apply the faults that change the message. How the mock delivers it (a delay, a
    /// cut body) is in ``reply(to:)``.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        reply(to: request).response
    }

    /// Answers one request as the mock's server sends it: the response of ``respond(to:)`` with
    /// every fault applied, those of delivery included.
    public func reply(to request: HTTPRequest) -> HTTPServer.Reply {
        if request.method == "POST", request.path == Self.resetPath {
            reset()
            return HTTPServer.Reply(HTTPResponse(status: 204, headers: [:], body: []))
        }
        let router = OperationRouter(endpoints: contract.endpoints)
        switch router.route(method: request.method, path: request.path) {
        case .noPath:
            return HTTPServer.Reply(Self.errorResponse(404, "no endpoint matches \(request.path)"))
        case .methodNotAllowed(let allowed, let pathEndpoint):
            let message =
                "\(request.method) is not allowed on \(request.path); allowed: \(allowed.joined(separator: ", "))"
            var response = ResponseBuilder(mock: self, endpoint: pathEndpoint, request: request).build(
                status: 405, spec: DeclaredResponses(endpoint: pathEndpoint).methodNotAllowed,
                message: message)
            response.headers["Allow"] = allowed.joined(separator: ", ")
            return HTTPServer.Reply(response)
        case .endpoint(let routed, let pathValues):
            let endpoint = variant(
                of: routed, among: router.variants(of: routed), for: request, pathValues: pathValues)
            var reply = HTTPServer.Reply(answer(request, endpoint: endpoint, pathValues: pathValues))
            FaultInjector(mock: self, endpoint: endpoint).apply(to: &reply)
            return reply
        }
    }

    private func answer(_ request: HTTPRequest, endpoint: Endpoint, pathValues: [String: String])
        -> HTTPResponse
    {
        let declared = DeclaredResponses(endpoint: endpoint)
        let builder = ResponseBuilder(mock: self, endpoint: endpoint, request: request)
        if request.body.count > Self.maxBodyBytes {
            let message =
                "the body of \(request.body.count) bytes exceeds the limit of \(Self.maxBodyBytes) bytes"
            let spec = declared.response(for: 413).map { (413, $0) } ?? declared.rejection
            return spec.map { builder.build(status: $0.0, spec: $0.1, message: message) }
                ?? Self.ownError(413, message, endpoint: endpoint, request: request)
        }
        let gate = AuthGate(contract: contract, endpoint: endpoint, request: request)
        if let refusal = gate.refusal() {
            var response =
                declared.unauthorized.map {
                    builder.build(status: $0.status, spec: $0.spec, message: refusal)
                }
                ?? Self.ownError(401, refusal, endpoint: endpoint, request: request)
            if response.status == 401 { response.headers["WWW-Authenticate"] = gate.challenge }
            return response
        }
        let violation = requestValidator.violation(
            of: request, endpoint: endpoint, pathValues: pathValues,
            bodyRule: ReferenceIntegrity(mock: self, endpoint: endpoint, request: request).violation(in:))

        let acceptsInvalid = violation?.concernsBody == true && isActive(.acceptsInvalidBody, for: endpoint)
        let match =
            acceptsInvalid
            ? nil : ExampleMatcher(endpoint: endpoint, request: request, pathValues: pathValues).bestMatch()
        if let violation, !acceptsInvalid {
            return rejecting(
                violation, match: match, endpoint: endpoint, declared: declared, builder: builder)
        }
        let isStateful =
            !configuration.isStateless
            && resources.keeps(endpoint.path)
        var status: Int?
        if let match, match.literals > 0 || !isStateful, declared.response(for: match.status) != nil {
            status = match.status
        }
        if let status, !(200..<300).contains(status), let spec = declared.response(for: status) {
            let message = "answered as the example \"\(match?.example.name ?? "")\" expects"
            return builder.build(status: status, spec: spec, message: status >= 400 ? message : nil)
        }
        if isStateful,
            let response = StatefulHandler(
                mock: self, endpoint: endpoint, request: request, pathValues: pathValues, status: status
            ).respond()
        {
            return response
        }
        if let status, let spec = declared.response(for: status) {
            return builder.build(status: status, spec: spec)
        }
        guard let (status, spec) = declared.success else {
            return HTTPResponse(status: 204, headers: [:], body: [])
        }
        return builder.build(status: status, spec: spec)
    }

    /// The answer to an invalid request: the 4xx a matching example expects, 404 for a path no
    /// item can have, else the declared rejection (or a 400 of the mock's own).
    private func rejecting(
        _ violation: RequestValidator.Violation, match: ExampleMatcher.Match?, endpoint: Endpoint,
        declared: DeclaredResponses, builder: ResponseBuilder
    ) -> HTTPResponse {
        if isActive(.crashesOnMalformedBody, for: endpoint), violation.concernsBody {
            return Self.errorResponse(500, "internal error while reading the request body")
        }
        if let match, (400..<500).contains(match.status), let spec = declared.response(for: match.status) {
            return builder.build(status: match.status, spec: spec, message: violation.message)
        }
        // A path no item can have is not found (what a router answers, and what clients that
        // follow links expect), where the operation declares 404.
        if violation.concernsPath, let spec = endpoint.responses.first(where: { $0.status == .code(404) }) {
            return builder.build(status: 404, spec: spec, message: violation.message)
        }
        guard let (status, spec) = declared.rejection else {
            return Self.ownError(
                400, violation.message, pointer: violation.pointer, endpoint: endpoint,
                request: builder.request)
        }
        return builder.build(status: status, spec: spec, message: violation.message)
    }

    /// The mock's own answer with a status `endpoint` does not declare: a JSON error body, unless
    /// the operation declares only other types (httpbin's `text/html`, `application/octet-stream`);
    /// then the message in the one the request accepts best, a text type first, since an
    /// undeclared status is still held to the types its operation declares.
    static func ownError(
        _ status: Int, _ message: String, pointer: String? = nil, endpoint: Endpoint, request: HTTPRequest
    ) -> HTTPResponse {
        let declared = Array(Set(endpoint.responses.flatMap(\.contentTypes))).sorted()
        guard !declared.isEmpty, !declared.contains(where: MediaType.isJSON) else {
            return errorResponse(status, message, pointer: pointer)
        }
        let textual = declared.filter { type in
            let essence = MediaType.essence(type)
            return essence.hasPrefix("text/") || essence.hasSuffix("/xml") || essence.hasSuffix("+xml")
        }
        let type =
            ContentNegotiation.choose(
                textual.isEmpty ? declared : textual, accept: request.headers["Accept"], path: request.path)
            ?? declared[0]
        let essence = MediaType.essence(type)
        let escaped = message.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let body: String
        switch essence {
        case "text/html": body = "<p>\(escaped)</p>"
        case _ where essence.hasSuffix("xml"): body = "<error>\(escaped)</error>"
        default: body = message
        }
        return HTTPResponse(status: status, headers: ["Content-Type": type], body: Array(body.utf8))
    }

    /// A JSON error body, as the contract's `Error` schemas expect: `{"error": "...", "pointer": "..."}`.
    static func errorResponse(_ status: Int, _ message: String, pointer: String? = nil) -> HTTPResponse {
        var object = JSONObject([("error", .string(message))])
        if let pointer { object["pointer"] = .string(pointer) }
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: JSONSerializer().bytes(.object(object)))
    }
}
