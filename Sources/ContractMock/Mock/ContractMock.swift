public import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// A server that behaves like a contract: it routes every endpoint, rejects requests the contract
/// does not allow with 400, and answers from the contract's examples or with bodies generated from
/// the response schema. Faults make it misbehave on purpose.
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

        public init(
            seed: UInt64 = 1, faults: [FaultSelection] = [], faultDelay: Duration = .milliseconds(300),
            host: String = "127.0.0.1", port: Int = 0
        ) {
            self.seed = seed
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
    private let server: Locked<HTTPServer?> = Locked(nil)
    private let baseURLState = Locked<String>("")

    public init(contract: Contract, configuration: Configuration = Configuration()) {
        self.contract = contract
        self.configuration = configuration
        self.schemas = ContractSchemas(contract: contract)
        self.navigator = SchemaNavigator(document: contract.document)
    }

    /// Starts serving and returns the base URL (`http://127.0.0.1:54321`).
    /// - Throws: `HTTPServerError` when the address cannot be bound.
    @discardableResult
    public func start(logger: (@Sendable (String) -> Void)? = nil) throws(HTTPServerError) -> String {
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        let httpServer = HTTPServer(configuration: serverConfiguration, logger: logger) { [self] request in
            self.respond(to: request)
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

    func isActive(_ fault: MockFault, for endpoint: Endpoint) -> Bool {
        configuration.faults.contains { $0.fault == fault && $0.applies(to: endpoint.id) }
    }

    /// Answers one request: route, validate, build the body, apply faults.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let candidates = contract.endpoints.compactMap { endpoint in
            endpoint.path.match(request.path).map { (endpoint, $0) }
        }
        guard !candidates.isEmpty else {
            return Self.errorResponse(404, "no endpoint matches \(request.path)")
        }
        let method = request.method == "HEAD" ? "GET" : request.method
        guard let (endpoint, pathValues) = candidates.first(where: { $0.0.method == method }) else {
            let allowed = candidates.map(\.0.method).joined(separator: ", ")
            var response = Self.errorResponse(
                405, "\(request.method) is not allowed on \(request.path); allowed: \(allowed)")
            response.headers["Allow"] = allowed
            return response
        }
        let violation = RequestValidation(
            mock: self, endpoint: endpoint, request: request, pathValues: pathValues
        ).violation()
        if let violation {
            if isActive(.crashesOnMalformedBody, for: endpoint), violation.concernsBody {
                return Self.errorResponse(500, "internal error while reading the request body")
            }
            if !(isActive(.acceptsInvalidBody, for: endpoint) && violation.concernsBody) {
                return Self.errorResponse(400, violation.message, pointer: violation.pointer)
            }
        }
        var response = ResponseBuilder(
            mock: self, endpoint: endpoint, request: request, pathValues: pathValues
        ).build()
        FaultInjector(mock: self, endpoint: endpoint).apply(to: &response)
        return response
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
