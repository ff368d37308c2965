import ConformCLI
import ConformHTTP
import Foundation
import Testing

/// A description behind a login, served as Jupyter Server serves its own: without the token, a 302
/// to an HTML login page; with it (`Authorization: token …` or `Bearer …`), the description.
/// Records every request's `Authorization` header.
private final class GuardedServer: @unchecked Sendable {
    let server: HTTPServer
    let base: String
    private let log = Locked<[String]>([])

    /// What each request carried as `Authorization` ("-" for none), in order.
    var authorizations: [String] { log.withLock { $0 } }

    init(
        accepting accepted: Set<String>, challenge: String? = nil,
        body: String = DescriptionFetchTests.description
    )
        throws
    {
        let log = self.log
        server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0)) { request in
            let authorization = request.headers["Authorization"]
            log.withLock { $0.append(authorization ?? "-") }
            if request.path == "/login" {
                return HTTPResponse(
                    status: 200, text: "<!DOCTYPE html><html><form>Password</form></html>",
                    contentType: "text/html")
            }
            if let authorization, accepted.contains(authorization) {
                // The described operation, for a run against the server that served the description.
                if request.path == "/api/status" {
                    return HTTPResponse(status: 200, text: "{}", contentType: "application/json")
                }
                return HTTPResponse(status: 200, text: body, contentType: "application/yaml")
            }
            if let challenge {
                return HTTPResponse(status: 401, headers: ["WWW-Authenticate": challenge], body: [])
            }
            return HTTPResponse(
                status: 302, headers: ["Location": "/login?next=%2Fapi%2Fspec.yaml"], body: [])
        }
        base = "http://127.0.0.1:\(try server.start())"
    }

    deinit { server.shutdown() }
}

@Suite("Fetching a description as the user would")
struct DescriptionFetchTests {
    static let description = """
        swagger: "2.0"
        info: {title: Guarded, version: "1"}
        paths:
          /api/status:
            get:
              operationId: status
              produces: [application/json]
              responses:
                "200": {description: Up., schema: {type: object}}
        """

    @Test("without the token, the redirect to a login page is an error naming the URL and the status")
    func loginPage() async throws {
        let served = try GuardedServer(accepting: ["token s3cret"])
        let url = served.base + "/api/spec.yaml"
        let result = await conform("run", url, "--quiet")
        #expect(result.code == .usageOrContractError)
        #expect(result.err.contains("\(url): error: fetching the description answered 200 with an HTML page"))
        #expect(result.err.contains("after redirects (302 from \(url))"), "\(result.err)")
        #expect(result.err.contains("--header 'Authorization: …' or --auth"))
        #expect(!result.err.contains("not valid YAML"), "\(result.err)")
    }

    @Test("--header goes with the fetch and with the run's requests to the server that served it")
    func header() async throws {
        let served = try GuardedServer(accepting: ["token s3cret"])
        let reports = try temporaryFile("", name: "unused").appending(".reports")
        let result = await conform(
            "run", served.base + "/api/spec.yaml", "--header", "Authorization: token s3cret", "--quiet",
            "--reports-dir", reports)
        #expect(result.code == .success, "\(result.err)")
        // The fetch, then GET /api/status on the description's own server (ServerChoice).
        #expect(served.authorizations == ["token s3cret", "token s3cret"], "\(served.authorizations)")
        #expect(!(result.out + result.err).contains("s3cret"))
    }

    @Test("--auth is offered when the server refuses: as Bearer, or as Basic for user:password")
    func credentials() async throws {
        for (credential, sent) in [("t0ken", "Bearer t0ken"), ("ann:pa55", "Basic YW5uOnBhNTU=")] {
            for challenge in [nil, "Basic realm=\"api\""] {
                let served = try GuardedServer(accepting: [sent], challenge: challenge)
                let reports = try temporaryFile("", name: "unused").appending(".reports")
                let result = await conform(
                    "fuzz", served.base + "/api/spec.yaml", "--auth", "unknown=\(credential)", "--quiet",
                    "--cases", "1", "--reports-dir", reports)
                #expect(!result.err.contains("fetching the description"), "\(result.err)")
                // First without, then once with the credential (a redirect to the login page in between).
                #expect(served.authorizations.first == "-")
                #expect(served.authorizations.last == sent, "\(served.authorizations)")
                #expect(!(result.out + result.err).contains(credential))
            }
        }
        let refused = try GuardedServer(accepting: [], challenge: "Bearer")
        let wrong = await conform("run", refused.base + "/api/spec.yaml", "--auth", "token=wrong", "--quiet")
        #expect(wrong.code == .usageOrContractError)
        #expect(
            wrong.err.contains("answered 401, not a description (2xx); the credentials given"), "\(wrong.err)"
        )
        #expect(!wrong.err.contains("wrong"))
    }

    @Test("headers never follow a redirect to another origin")
    func otherOrigin() async throws {
        let other = try GuardedServer(accepting: [])
        let served = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0)) { _ in
            HTTPResponse(status: 302, headers: ["Location": other.base + "/api/spec.yaml"], body: [])
        }
        let port = try served.start()
        defer { served.shutdown() }
        let result = await conform(
            "run", "http://127.0.0.1:\(port)/spec.yaml", "--header", "Authorization: token s3cret", "--quiet")
        #expect(result.code == .usageOrContractError)
        #expect(result.err.contains("to another origin"), "\(result.err)")
        #expect(other.authorizations.isEmpty)
    }

    @Test("a body that is no description says so with the status")
    func notADescription() async throws {
        let served = try GuardedServer(accepting: ["Bearer t"], body: #"{"detail": "Not authenticated"}"#)
        let url = served.base + "/api/spec.yaml"
        let result = await conform("run", url, "--auth", "token=t", "--quiet")
        #expect(result.code == .usageOrContractError)
        #expect(
            result.err.contains(
                "\(url): error: fetching the description answered 200 (application/yaml) with a body that is not a description"
            ), "\(result.err)")
    }
}
