import Testing

@testable import ConformHTTP

@Suite("HTTPFields")
struct HTTPHeadersTests {
    @Test("lookup ignores case and keeps order and repeats")
    func lookup() {
        var headers: HTTPFields = ["Content-Type": "text/plain", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers.map(\.name) == ["Content-Type", "Set-Cookie", "set-cookie"])
        #expect(headers["Missing"] == nil)
    }

    @Test("set replaces every field with the name at the first position; remove drops them")
    func setAndRemove() {
        var headers: HTTPFields = ["A": "1", "B": "2"]
        headers.add("a", "3")
        headers.set("A", "4")
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers["a"] == "4")
        headers["b"] = nil
        #expect(headers.count == 1)
        headers.remove("A")
        #expect(headers.isEmpty)
    }

    @Test("list tokens are split, trimmed and lowercased")
    func tokens() {
        let headers: HTTPFields = ["Connection": "Keep-Alive , Upgrade", "connection": "close"]
        #expect(headers.tokens(for: "Connection") == ["keep-alive", "upgrade", "close"])
    }
}
