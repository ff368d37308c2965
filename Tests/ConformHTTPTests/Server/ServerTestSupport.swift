import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// All HTTP server tests, run one after another: the load test compares the process's open
/// file descriptors before and after, which other tests opening sockets at the same time would
/// disturb, and the timing-based abuse tests stay predictable on two cores.
@Suite("HTTP server", .serialized)
struct HTTPServerTests {}

extension HTTPServer.Configuration {
    /// Short timeouts so abuse cases finish in well under a second.
    static var testing: Self {
        var configuration = Self()
        configuration.headerReadTimeout = .milliseconds(400)
        configuration.idleTimeout = .milliseconds(800)
        configuration.bodyReadTimeout = .milliseconds(400)
        configuration.shutdownGracePeriod = .seconds(3)
        return configuration
    }
}

/// Answers with a text describing the request, so tests can check what the handler saw.
@Sendable func echoHandler(_ request: HTTPRequest) -> HTTPResponse {
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let text = "\(request.method) \(request.path) [\(query)] \(request.bodyText)"
    return HTTPResponse(text: text)
}

/// Collects log lines from the server's threads.
final class LogCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    func append(_ line: String) {
        lock.withLock { collected.append(line) }
    }
}

/// Starts a server on a free port, runs `body`, and always shuts the server down.
func withServer<Result>(
    _ configuration: HTTPServer.Configuration = .testing,
    logger: LogCollector? = nil,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = echoHandler,
    _ body: (HTTPServer, Int) async throws -> Result
) async throws -> Result {
    var logLine: (@Sendable (String) -> Void)?
    if let logger {
        logLine = { logger.append($0) }
    }
    let server = HTTPServer(configuration: configuration, logger: logLine, handler: handler)
    let port = try server.start()
    defer { server.shutdown() }
    return try await body(server, port)
}

/// Starts a server whose handler also says how to deliver each response, runs `body`, and always
/// shuts the server down.
func withServer<Result>(
    replying handler: @escaping @Sendable (HTTPRequest) -> HTTPServer.Reply,
    _ body: (HTTPServer, Int) async throws -> Result
) async throws -> Result {
    let server = HTTPServer(configuration: .testing, replying: handler)
    let port = try server.start()
    defer { server.shutdown() }
    return try await body(server, port)
}

/// A URLSession that keeps no state between tests.
func makeSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 5
    return URLSession(configuration: configuration)
}

/// Checks that a normal request still works, after an abuse case.
func expectServes(port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let client = try RawClient(port: port)
    client.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 200, sourceLocation: sourceLocation)
    #expect(response.text == "GET /health [] ", sourceLocation: sourceLocation)
}
