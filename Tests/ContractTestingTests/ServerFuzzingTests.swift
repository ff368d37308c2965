import ConformHTTP
import ContractKit
import ContractMock
import ContractTesting
import Foundation
import JSONSchema
import Testing

private let bookmarksPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bookmarks.json").path

/// A bookmarks server as a framework app writes one: alice and bob each see their own bookmarks,
/// unless `sharesItems`, the object-level authorization bug (any user reaches any bookmark by id).
private final class BookmarksServer: Sendable {
    let sharesItems: Bool
    private let state = Locked<(items: [(id: Int, owner: String, url: String, title: String?)], next: Int)>(
        ([], 1))
    /// Each user's API key.
    private static let users = ["alice-key": "alice", "bob-key": "bob"]

    init(sharesItems: Bool) { self.sharesItems = sharesItems }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.first == "bookmarks", parts.count <= 2 else { return problem(404, "no route") }
        let allowed = parts.count == 1 ? "GET, POST" : "GET, DELETE"
        guard allowed.contains(request.method) else {
            return HTTPResponse(status: 405, headers: ["Allow": allowed], body: [])
        }
        guard let user = user(of: request) else { return problem(401, "credentials needed") }
        guard parts.count == 2 else { return request.method == "GET" ? list(user) : add(request, user) }
        guard let id = Int(parts[1]), id >= 1 else { return problem(400, "the id is not a positive integer") }
        let index = state.withLock { state in
            state.items.firstIndex { $0.id == id && ($0.owner == user || sharesItems) }
        }
        guard let index else { return problem(404, "no bookmark \(id)") }
        if request.method == "DELETE" {
            state.withLock { _ = $0.items.remove(at: index) }
            return HTTPResponse(status: 204)
        }
        return json(200, state.withLock { encode($0.items[index]) })
    }

    private func user(of request: HTTPRequest) -> String? {
        request.headers["X-Api-Key"].flatMap { Self.users[$0] }
    }

    private func list(_ user: String) -> HTTPResponse {
        json(200, .array(state.withLock { $0.items.filter { $0.owner == user }.map(encode) }))
    }

    private func add(_ request: HTTPRequest, _ user: String) -> HTTPResponse {
        guard request.headers["Content-Type"]?.hasPrefix("application/json") == true,
            case .object(let object)? = try? JSONParser.parse(request.body),
            object.keys.allSatisfy({ ["url", "title"].contains($0) }),
            case .string(let url)? = object["url"],
            ["https://swift.org", "https://example.com"].contains(url)
        else { return problem(400, "invalid bookmark") }
        var title: String?
        if let value = object["title"] {
            guard case .string(let text) = value, text.count <= 40 else {
                return problem(400, "invalid title")
            }
            title = text
        }
        let item = state.withLock { state in
            let item = (id: state.next, owner: user, url: url, title: title)
            state.next += 1
            state.items.append(item)
            return item
        }
        return json(201, encode(item))
    }

    private func encode(_ item: (id: Int, owner: String, url: String, title: String?)) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(JSONNumber(item.id))), ("url", .string(item.url)),
        ]
        if let title = item.title { members.append(("title", .string(title))) }
        return .object(JSONObject(members))
    }

    private func problem(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object(JSONObject([("error", .string(message))])))
    }

    private func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: JSONSerializer().bytes(value))
    }
}

/// Serves `BookmarksServer` and returns the suite a user would write against it: alice's
/// credentials from the environment, as the contract's `{{env.…}}` says.
private func bookmarksSuite(
    sharesItems: Bool, extra: [String: String] = [:]
) throws -> (suite: ContractSuite, server: HTTPServer) {
    let server = BookmarksServer(sharesItems: sharesItems)
    let http = HTTPServer { server.handle($0) }
    let port = try http.start()
    let environment = [
        "CONFORM_BASE_URL": "http://127.0.0.1:\(port)", "BOOKMARKS_KEY": "alice-key",
    ].merging(extra) { $1 }
    return (ContractSuite(file: bookmarksPath, environment: environment), http)
}

@Suite("Server fuzzing from Swift Testing, stories and a second identity included", .serialized)
struct ServerFuzzingTests {
    @Test("a correct server passes, and the other identity's access was judged")
    func correctServerPasses() async throws {
        let (suite, http) = try bookmarksSuite(sharesItems: false)
        defer { http.shutdown() }
        let result = try await suite.fuzzServer(cases: 6, otherCredentials: ["login": "bob-key"])
        let failed = result.cases.filter { $0.outcome == .failed || $0.outcome == .error }
        #expect(failed.isEmpty, "\(failed.map(\.id))")
        #expect(
            result.cases.contains { $0.checks.contains(.objectLevelAuthorization) && $0.outcome == .passed })
        #expect(result.cases.contains { $0.checks.contains(.useAfterFree) && $0.outcome == .passed })
    }

    @Test("another user's bookmark served is an issue with its story, and no key shows")
    func sharedItemsAreFound() async throws {
        let (suite, http) = try bookmarksSuite(sharesItems: true)
        defer { http.shutdown() }
        let result = try await suite.fuzzServer(cases: 6, otherCredentials: ["login": "bob-key"])
        let finding = try #require(
            result.cases.flatMap(\.findings).first { $0.check == .objectLevelAuthorization })
        #expect(finding.steps.count >= 2, "the steps show alice's create and bob's request")
        let recorded = Locked<[String]>([])
        await withKnownIssue {
            await suite.expectServerFuzzing(cases: 6, otherCredentials: ["login": "bob-key"])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            recorded.withLock { $0.append(text) }
            return text.contains("object_level_authorization") && text.contains("\n  reproduce: curl")
        }
        #expect(!recorded.current.isEmpty)
        let everything = recorded.current.joined() + result.cases.flatMap(\.findings).map { "\($0)" }.joined()
        #expect(!everything.contains("bob-key") && !everything.contains("alice-key"))
    }

    @Test("the second identity can come from CONFORM_AUTH_OTHER_<scheme>")
    func otherCredentialFromTheEnvironment() async throws {
        let (suite, http) = try bookmarksSuite(
            sharesItems: true, extra: ["\(ContractSuite.otherCredentialPrefix)login": "bob-key"])
        defer { http.shutdown() }
        let result = try await suite.fuzzServer(cases: 4)
        #expect(result.cases.flatMap(\.findings).contains { $0.check == .objectLevelAuthorization })
    }

    @Test("a credential for a scheme the contract does not declare is refused with a suggestion")
    func unknownScheme() async throws {
        let (suite, http) = try bookmarksSuite(sharesItems: false)
        defer { http.shutdown() }
        await #expect {
            try await suite.fuzzServer(otherCredentials: ["logni": "bob-key"])
        } throws: { error in
            "\(error)".contains("no security scheme \"logni\"")
                && "\(error)".contains("did you mean \"login\"")
        }
    }

    @Test("without a base URL the contract's own mock is fuzzed, and passes")
    func mockPasses() async {
        await restaurant.expectServerFuzzing(cases: 5, seed: 3)
    }
}
