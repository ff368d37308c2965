import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// A contract whose API a correct server may implement leniently: an id path parameter with no
/// constraints, a concrete path beside a templated one, an optional array query parameter, an
/// optional request body, and a bounded integer path parameter.
private let lenientContract = #"""
    {
      "conform": 1, "name": "Lenient API", "version": "1.0.0",
      "endpoints": [
        { "id": "getUser", "method": "GET", "path": "/users/{id}",
          "parameters": { "path": { "id": { "schema": { "type": "string" } } } },
          "responses": { "200": { "schema": { "type": "object" } }, "404": {} } },
        { "id": "login", "method": "GET", "path": "/user/login", "responses": { "200": { "schema": { "type": "object" } } } },
        { "id": "deleteUser", "method": "DELETE", "path": "/user/{username}",
          "parameters": { "path": { "username": { "schema": { "type": "string" } } } },
          "responses": { "204": {}, "404": {} } },
        { "id": "search", "method": "GET", "path": "/search",
          "parameters": { "query": { "type": { "required": false,
            "schema": { "type": "array", "items": { "enum": ["a", "b"] } } } } },
          "responses": { "200": { "schema": { "type": "object" } }, "400": {} } },
        { "id": "addNote", "method": "POST", "path": "/notes",
          "request": { "required": false, "schema": { "type": "object" } },
          "responses": { "201": {}, "400": {} } },
        { "id": "getPage", "method": "GET", "path": "/pages/{n}",
          "parameters": { "path": { "n": { "schema": { "type": "integer", "minimum": 1, "maximum": 50 } } } },
          "responses": { "200": { "schema": { "type": "object" } }, "400": {}, "404": {} } }
      ]
    }
    """#

/// A correct server that is lenient where the standards let it be: it routes `DELETE /user/login`
/// to `/user/{username}`, reads `?type=` as one empty value, accepts an empty body where the body is
/// optional and ignores a leading byte-order mark.
private func lenientServer(log: Locked<[String]>) -> HTTPServer {
    HTTPServer { request in
        log.withLock { $0.append("\(request.method) \(request.target)") }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        let object = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        switch (request.method, parts) {
        case ("GET", ["user", "login"]):
            return object
        case ("DELETE", let p) where p.count == 2 && p[0] == "user" && !p[1].isEmpty:
            return HTTPResponse(status: 204)
        case ("GET", let p) where p.count == 2 && p[0] == "users":
            return p[1].isEmpty ? HTTPResponse(status: 404) : object
        case ("GET", ["search"]):
            let values = request.query.filter { $0.name == "type" }.flatMap {
                $0.value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            return values.allSatisfy { ["a", "b"].contains($0) } ? object : HTTPResponse(status: 400)
        case ("POST", ["notes"]):
            var body = request.body
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
            if body.isEmpty { return HTTPResponse(status: 201) }
            guard request.headers["Content-Type"]?.hasPrefix("application/json") == true,
                let parsed = try? JSONSerialization.jsonObject(with: Data(body)), parsed is [String: Any]
            else { return HTTPResponse(status: 400) }
            return HTTPResponse(status: 201)
        case ("GET", let p) where p.count == 2 && p[0] == "pages":
            guard let n = Int(p[1]), (1...50).contains(n) else { return HTTPResponse(status: 400) }
            return object
        default:
            let known = ["users", "user", "search", "notes", "pages"]
            guard known.contains(parts.first ?? "") else { return HTTPResponse(status: 404) }
            // RFC 9110 §15.5.6: a 405 names the methods the resource has.
            let allowed: [String: String] = [
                "users": "GET", "search": "GET", "notes": "POST", "pages": "GET",
            ]
            var refusal = HTTPResponse(status: 405)
            refusal.headers["Allow"] =
                parts.first == "user"
                ? (parts.last == "login" ? "GET" : "DELETE") : allowed[parts[0]] ?? "GET"
            return refusal
        }
    }
}

@Suite("Server fuzzing precision: a correct server gets no finding", .serialized)
struct FuzzPrecisionTests {
    @Test("a lenient but correct server passes every fuzzing check", arguments: [1, 7, 42] as [UInt64])
    func lenientServerPasses(seed: UInt64) async throws {
        let contract = try ContractLoader.load(bytes: Array(lenientContract.utf8), file: "lenient.json")
        let log = Locked<[String]>([])
        let server = lenientServer(log: log)
        let port = try server.start()
        defer { server.shutdown() }
        let configuration = ServerFuzzer.Configuration(
            baseURL: "http://127.0.0.1:\(port)", casesPerEndpoint: 25, seed: seed)
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        let failing = outcome.result.cases.filter { $0.outcome != .passed }
        #expect(
            failing.isEmpty,
            "\(failing.map { "\($0.id): \($0.findings.map { "\($0.message) [\($0.actual ?? "")]" })" })")

        let sent = Set(log.current)
        let emptyID = sent.contains("GET /users/")
        let emptyArray = sent.contains("GET /search?type=")
        let overlap = sent.contains("DELETE /user/login")
        let aboveMaximum = sent.contains("GET /pages/51")
        let belowMinimum = sent.contains("GET /pages/0")
        #expect(!emptyID, "an empty id is a different route, never valid data")
        #expect(!emptyArray, "an empty array parameter reads as [] or [\"\"]: neither valid nor invalid data")
        #expect(!overlap, "another template declares DELETE for this URL")
        #expect(aboveMaximum, "a value above the maximum is a negative case")
        #expect(belowMinimum, "a value below the minimum is a negative case")

        let notes = try #require(outcome.result.cases.first { $0.id == "addNote/negative_data_rejection" })
        #expect(notes.reason?.contains("accepts a UTF-8 byte-order mark before the JSON with 201") == true)
    }
}
