import Testing

@testable import ConformHTTP

/// One header shape and one lookup rule for the client and the mock server.
@Suite("HTTPFields")
struct HTTPFieldsTests {
    @Test("repeated lines are joined with \", \" in order; Set-Cookie gives its first line")
    func combinedLookup() {
        var fields: HTTPFields = ["Accept": "text/html", "Set-Cookie": "a=1; Path=/, b"]
        fields.add("accept", "application/json")
        fields.add("SET-COOKIE", "c=3")
        #expect(fields["ACCEPT"] == "text/html, application/json")
        #expect(fields["set-cookie"] == "a=1; Path=/, b")
        #expect(fields.values(for: "Set-Cookie") == ["a=1; Path=/, b", "c=3"])
        #expect(fields["Missing"] == nil)
        #expect(fields.map(\.name) == ["Accept", "Set-Cookie", "accept", "SET-COOKIE"])
    }

    @Test("set keeps the first position and drops the other lines; equality ignores name case")
    func setAndEquality() {
        var fields: HTTPFields = ["A": "1", "B": "2", "a": "3"]
        fields["a"] = "4"
        #expect(fields.fields == [HeaderField("a", "4"), HeaderField("B", "2")])
        #expect(fields == ["A": "4", "b": "2"])
        #expect(Set([fields, ["A": "4", "b": "2"]]).count == 1)
        fields["B"] = nil
        #expect(fields.count == 1)
    }

    @Test("records read headers by the same rule")
    func records() {
        let response = HTTPResponse(
            status: 200, headers: [HeaderField("Vary", "Accept"), HeaderField("vary", "Origin")])
        #expect(response.header("VARY") == "Accept, Origin")
        let received = HTTPRequest(method: "GET", url: "/", headers: response.headers)
        #expect(received.header("vary") == "Accept, Origin", "a server's request stores headers the same way")
    }

    @Test("client and mock server read a repeated field alike, both ways")
    func bothSidesAgree() async throws {
        let server = HTTPServer { request in
            var headers: HTTPFields = ["X-Seen": request.headers["X-Tag"] ?? "none"]
            headers.add("X-Tag", "three")
            headers.add("x-tag", "four")
            return HTTPResponse(status: 200, headers: headers)
        }
        let port = try server.start()
        defer { server.shutdown() }
        let request = HTTPRequest(
            method: "GET", url: "http://127.0.0.1:\(port)/",
            headers: [HeaderField("X-Tag", "one"), HeaderField("x-tag", "two")])
        let outcome = await HTTPTransport(timeout: .seconds(10)).perform(request)
        let response = try outcome.result.get()
        #expect(response.header("X-Seen") == "one, two")
        #expect(response.header("X-Tag") == "three, four")
        #expect(request.header("X-TAG") == "one, two")
    }

    @Test("client records and mock messages are all HTTPMessages, read by the same rule")
    func oneMessageShape() {
        let lines = [
            HeaderField("Content-Type", "Application/JSON; charset=utf-8"), HeaderField("X-A", "1"),
            HeaderField("x-a", "2"),
        ]
        let messages: [any HTTPMessage] = [
            HTTPRequest(method: "POST", url: "http://h/", headers: HTTPFields(lines)),
            HTTPResponse(status: 200, headers: HTTPFields(lines)),
            HTTPRequest(method: "POST", url: "/", headers: HTTPFields(lines)),
            HTTPResponse(status: 200, headers: HTTPFields(lines)),
        ]
        for message in messages {
            #expect(message.header("x-A") == "1, 2")
            #expect(message.mediaType == "application/json")
        }
    }
}
