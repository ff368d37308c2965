import ConformHTTP
import ContractFuzz
import ContractKit
import Testing

/// A listing whose success the description gives no schema promises nothing about what it holds.
@Suite("Listings without a schema")
struct UndescribedListingTests {
    /// Quay's robots: created by PUT on their own path, listed by a GET that declares a bare 200.
    static let robots = #"""
        {"swagger": "2.0", "info": {"title": "Robots", "version": "1"}, "produces": ["application/json"],
         "paths": {
           "/user/robots": {"get": {"operationId": "getUserRobots", "responses": {"200": {"description": "ok"}}}},
           "/user/robots/{robot_shortname}": {
             "parameters": [{"name": "robot_shortname", "in": "path", "required": true, "type": "string"}],
             "put": {"operationId": "createUserRobot", "responses": {"200": {"description": "ok"}, "400": {"description": "bad"}}},
             "get": {"operationId": "getUserRobot", "responses": {"200": {"description": "ok"}, "404": {"description": "none"}}},
             "delete": {"operationId": "deleteUserRobot", "responses": {"204": {"description": "gone"}, "404": {"description": "none"}}}}}}
        """#

    @Test("its items are not looked for: no ensure_resource_availability finding from an empty answer")
    func notLookedFor() async throws {
        let names = Locked<Set<String>>([])
        let run = try await LoopbackFuzz.run(
            Self.robots, cases: 5, stateless: false,
            handler: allowing(["GET", "PUT", "DELETE"]) { request in
                let parts = request.path.split(separator: "/").map(String.init)
                guard parts.count == 3 else { return jsonAnswer(200, "{}") }
                let name = parts[2]
                switch request.method {
                case "PUT":
                    names.withLock { _ = $0.insert(name) }
                    return jsonAnswer(200)
                case "DELETE":
                    return names.withLock { $0.remove(name) } == nil
                        ? jsonAnswer(404) : HTTPResponse(status: 204)
                default:
                    return names.current.contains(name) ? jsonAnswer(200) : jsonAnswer(404)
                }
            })
        #expect(run.requests.contains { $0.method == "PUT" }, "\(run.described)")
        #expect(!run.findings.contains { $0.check == .ensureResourceAvailability }, "\(run.described)")
    }
}
