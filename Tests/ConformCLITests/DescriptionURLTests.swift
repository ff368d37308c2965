import ConformCLI
import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import Testing

/// Serves descriptions at `/<name>` and counts the requests, so a test can tell that nothing was
/// sent where nothing should be.
private final class DescriptionServer: @unchecked Sendable {
    let server: HTTPServer
    let base: String

    /// - Parameter api: answers what no route names (the API the description describes); by
    ///   default a 404.
    init(_ routes: [String: HTTPResponse], api: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil) throws {
        let log = Log()
        server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0)) { request in
            log.append(request.target)
            if let route = routes[request.path] { return route }
            return api?(request) ?? HTTPResponse(status: 404, text: "no such description")
        }
        base = "http://127.0.0.1:\(try server.start())"
        logged = log
    }

    private let logged: Log
    /// Every request target received, in order.
    var requests: [String] { logged.all }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func append(_ entry: String) {
            lock.lock()
            entries.append(entry)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return entries
        }
    }

    deinit { server.shutdown() }
}

private func json(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
}

@Suite("A description given as a URL")
struct DescriptionURLTests {
    static let description = #"""
        {"openapi": "3.0.3", "info": {"title": "Served", "version": "1"},
         "paths": {"/health": {"get": {"operationId": "health", "responses": {"200": {"description": "Up.",
           "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
        """#

    @Test("lint, run, fuzz and import-openapi take it; reports are named after its last path component")
    func commands() async throws {
        let api = ContractMock(contract: try ContractLoader.load(bytes: Array(Self.description.utf8)))
        let served = try DescriptionServer(
            ["/api/openapi.json": json(Self.description)], api: { api.respond(to: $0) })
        let url = served.base + "/api/openapi.json?token=s3cr3t-query"
        let lint = await conform("lint", url)
        #expect(lint.code == .success, "\(lint.err)")
        #expect(lint.out == "\(served.base)/api/openapi.json?token=…: ok (Served 1: 1 endpoint, 1 example)")
        let reports = try temporaryFile("", name: "unused").appending(".reports")
        let run = await conform("run", url, "--quiet", "--reports-dir", reports)
        #expect(run.code == .success, "\(run.err)")
        let fuzz = await conform("fuzz", url, "--quiet", "--cases", "2", "--reports-dir", reports)
        #expect(fuzz.code == .success, "\(fuzz.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: reports).sorted()
        #expect(
            names == [
                "openapi.fuzz.json", "openapi.fuzz.junit.xml", "openapi.fuzz.md", "openapi.run.json",
                "openapi.run.junit.xml", "openapi.run.md",
            ])
        var everything = lint.out + lint.err + run.out + run.err + fuzz.out + fuzz.err
        for name in names {
            everything += try String(contentsOfFile: reports + "/" + name, encoding: .utf8)
        }
        #expect(!everything.contains("s3cr3t-query"), "a query value reached an output")
        let output = reports + "/imported.json"
        let imported = await conform("import-openapi", url, "-o", output)
        #expect(imported.code == .success, "\(imported.err)")
        #expect(FileManager.default.fileExists(atPath: output))
        #expect(served.requests.contains("/health"), "run and fuzz checked the server that served it")
    }

    @Test("no credentials, no other origin, no other file: each refusal is said and nothing is sent there")
    func safeExchange() async throws {
        let other = try DescriptionServer(["/openapi.json": json(Self.description)])
        let split =
            #"{"openapi": "3.0.3", "info": {"title": "Split", "version": "1"}, "paths": {"/a": {"$ref": "paths.json#/a"}}}"#
        let served = try DescriptionServer([
            "/moved.json": HTTPResponse(status: 301, headers: ["Location": "/openapi.json"], body: []),
            "/openapi.json": json(Self.description),
            "/elsewhere.json": HTTPResponse(
                status: 302, headers: ["Location": other.base + "/openapi.json"], body: []),
            "/split.json": json(split),
        ])
        let moved = await conform("lint", served.base + "/moved.json")
        #expect(moved.code == .success, "a same-origin redirect is followed: \(moved.err)")
        let elsewhere = await conform("lint", served.base + "/elsewhere.json")
        #expect(elsewhere.code == .usageOrContractError)
        #expect(elsewhere.err.contains("redirected (302) to another origin"), "\(elsewhere.err)")
        #expect(other.requests.isEmpty)
        let credentials = await conform(
            "lint", "http://user:pa55word@" + served.base.dropFirst(7) + "/openapi.json")
        #expect(credentials.code == .usageOrContractError)
        #expect(credentials.err.contains("must not carry a user name or password"))
        #expect(!credentials.err.contains("pa55word"))
        let missing = await conform("lint", served.base + "/nothing.json")
        #expect(missing.err.contains("answered 404, not a description"), "\(missing.err)")
        let relative = await conform("lint", served.base + "/split.json")
        #expect(relative.code == .usageOrContractError)
        #expect(
            relative.err.contains("$ref \"paths.json#/a\" names another file, which is not fetched"),
            "\(relative.err)")
        #expect(!served.requests.contains { $0.hasPrefix("/paths.json") })
        #expect(served.requests.filter { $0 == "/openapi.json" }.count == 1, "credentials sent nothing")
    }

    @Test("the run's --max-body bounds the description too")
    func bodyLimit() async throws {
        let padding = String(repeating: "x", count: 1_100_000)
        let large = Self.description.dropLast() + #", "x-padding": ""# + padding + "\"}"
        let served = try DescriptionServer(["/large.json": json(String(large))])
        let limited = await conform("run", served.base + "/large.json", "--max-body", "1", "--quiet")
        #expect(limited.code == .usageOrContractError)
        #expect(limited.err.contains("larger than the 1 MiB limit"), "\(limited.err)")
    }
}

@Suite("A description given as a URL means the server that served it")
struct DescribedServerTests {
    static func description(servers: String) -> String {
        #"""
        {"openapi": "3.0.3", "info": {"title": "Served", "version": "1"}, \#(servers)
         "paths": {"/health": {"get": {"operationId": "health", "responses": {"200": {"description": "Up.",
           "content": {"application/json": {"schema": {"type": "object", "required": ["up"],
             "properties": {"up": {"type": "boolean"}}}}}}}}}}}
        """#
    }

    /// Where these runs write their reports, away from the repository's Reports/.
    static let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conform-described-server-\(UUID().uuidString)"
    ).path

    /// Serves the description at `/docs/openapi.json` and a healthy API under `/v1` only.
    private static func served(servers: String) throws -> DescriptionServer {
        try DescriptionServer(
            ["/docs/openapi.json": json(description(servers: servers))],
            api: { request in
                request.path == "/v1/health"
                    ? json(#"{"up": true}"#) : HTTPResponse(status: 404, text: "not here")
            })
    }

    @Test("run checks the served API at the description's relative servers path, and says so first")
    func relativeServersPath() async throws {
        let served = try Self.served(servers: #""servers": [{"url": "/v1"}],"#)
        let run = await conform(
            "run", "--reports-dir", Self.reports, served.base + "/docs/openapi.json")
        #expect(run.code == .success, "\(run.out)\n\(run.err)")
        let first = run.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first
                == "No --base-url: checking the server that served the description, at \(served.base)/v1 (--base-url to check another).",
            "\(run.err)")
        #expect(served.requests.contains("/v1/health"))
        #expect(!run.err.contains("own mock"))
    }

    @Test("an absolute servers URL lends its path; the origin is still the server that answered")
    func absoluteServersURL() async throws {
        let served = try Self.served(
            servers:
                #""servers": [{"url": "https://{region}.api.example.com/{base}", "variables": {"region": {"default": "eu"}, "base": {"default": "v1"}}}],"#
        )
        let fuzz = await conform(
            "fuzz", "--reports-dir", Self.reports, served.base + "/docs/openapi.json", "--cases", "2",
            "--quiet")
        #expect(fuzz.code == .checkFailed, "the fuzz reached the served API and judged it: \(fuzz.out)")
        #expect(served.requests.contains("/v1/health"), "\(served.requests)")
        #expect(fuzz.out.contains("against \(served.base)/v1"), "\(fuzz.out)")
    }

    @Test("--base-url overrides; a file with no --base-url still gets its own mock")
    func overrides() async throws {
        let served = try Self.served(servers: "")
        let other = try Self.served(servers: "")
        let given = await conform(
            "run", "--reports-dir", Self.reports, served.base + "/docs/openapi.json", "--base-url",
            other.base + "/v1", "--quiet")
        #expect(given.code == .success, "\(given.out)\n\(given.err)")
        #expect(other.requests.contains("/v1/health"))
        #expect(!served.requests.contains("/v1/health"))
        let noServers = await conform(
            "run", "--reports-dir", Self.reports, served.base + "/docs/openapi.json", "--quiet")
        #expect(noServers.code == .checkFailed, "no servers: the origin, where /health is a 404")
        #expect(served.requests.contains("/health"))
        let file = try temporaryFile(
            Self.description(servers: #""servers": [{"url": "/v1"}],"#), name: "served.json")
        let mocked = await conform(
            "run", "--reports-dir", Self.reports, file)
        #expect(mocked.code == .success, "\(mocked.err)")
        #expect(mocked.err.contains("No --base-url: checking the contract's own mock at"), "\(mocked.err)")
        let faults = await conform(
            "run", "--reports-dir", Self.reports, served.base + "/docs/openapi.json", "--fault", "status-500")
        #expect(faults.code == .usageOrContractError)
        #expect(faults.err.contains("download the description and give its file"), "\(faults.err)")
    }
}
