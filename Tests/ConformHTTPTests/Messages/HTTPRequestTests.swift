import Testing

@testable import ConformHTTP

/// One request type for both sides: what a check reads (path, query, target) comes from the URL,
/// whether Conform built it or its server received it.
@Suite("HTTPRequest")
struct HTTPRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var url: String
        var target: String
        var path: String
        var query: [String]
        var testDescription: String { url }
    }

    static let cases: [Case] = [
        Case(
            url: "http://127.0.0.1:8080/menu/Entr%C3%A9es?category=a+b&x=%26#top",
            target: "/menu/Entr%C3%A9es?category=a+b&x=%26",
            path: "/menu/Entrées", query: ["category=a b", "x=&"]),
        Case(url: "/todos/7?done", target: "/todos/7?done", path: "/todos/7", query: ["done="]),
        Case(url: "https://api.example.com", target: "/", path: "/", query: []),
        Case(url: "HTTP://h?only=query", target: "/?only=query", path: "/", query: ["only=query"]),
        Case(url: "*", target: "*", path: "*", query: []),
        Case(url: "/bad%zzescape?q=%", target: "/bad%zzescape?q=%", path: "/bad%zzescape", query: ["q=%"]),
    ]

    @Test("path, query and origin-form target are read from the URL, sent or received", arguments: cases)
    func readsTheURL(testCase: Case) {
        let request = HTTPRequest(method: "GET", url: testCase.url)
        #expect(request.target == testCase.target)
        #expect(request.path == testCase.path)
        #expect(request.query.map { "\($0.name)=\($0.value)" } == testCase.query)
    }

    @Test("a new URL is read again, and only what was sent makes two requests equal")
    func urlChanges() {
        var request = HTTPRequest(method: "GET", url: "/a?x=1")
        let copy = request
        request.url = "http://upstream:9000/b?y=2"
        #expect(request.path == "/b")
        #expect(request.queryValue("y") == "2")
        #expect(request.queryValue("x") == nil)
        #expect(request != copy)
        request.url = "/a?x=1"
        #expect(request == copy)
        #expect(Set([request, copy]).count == 1)
    }
}
