import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPServerTests {
    @Suite("Round trips")
    struct RoundTrips {
        @Test("GET and POST through URLSession, with decoded query and a log line")
        func urlSessionRoundTrip() async throws {
            let log = LogCollector()
            try await withServer(logger: log) { _, port in
                let session = makeSession()
                defer { session.invalidateAndCancel() }
                let url = try #require(
                    URL(
                        string:
                            "http://127.0.0.1:\(port)/menu/caf%C3%A9?category=Entr%C3%A9es&q=a+b%2Bc&empty"))
                let (data, response) = try await session.data(from: url)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(
                    String(decoding: data, as: UTF8.self)
                        == "GET /menu/café [category=Entrées&q=a b+c&empty=] ")
                #expect(http.value(forHTTPHeaderField: "Date") != nil)
                #expect(http.value(forHTTPHeaderField: "Content-Length") == "\(data.count)")

                var post = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/orders")))
                post.httpMethod = "POST"
                post.httpBody = Data("{\"item\":1}".utf8)
                let (postData, postResponse) = try await session.data(for: post)
                #expect((postResponse as? HTTPURLResponse)?.statusCode == 200)
                #expect(String(decoding: postData, as: UTF8.self) == "POST /orders [] {\"item\":1}")
            }
            #expect(
                log.lines.contains {
                    $0.hasPrefix("GET /menu/caf%C3%A9?category=Entr%C3%A9es&q=a+b%2Bc&empty -> 200 (")
                })
            #expect(
                log.lines.contains { $0.hasPrefix("POST /orders -> 200 (26 bytes, ") && $0.hasSuffix(" ms)") }
            )
        }

        @Test("two requests reuse one kept-alive connection")
        func keepAlive() async throws {
            try await withServer { server, port in
                let client = try RawClient(port: port)
                client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
                let first = try client.readResponse()
                #expect(first.text == "GET /one [] ")
                #expect(first.headers["Connection"] == nil)
                client.send("POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
                let second = try client.readResponse()
                #expect(second.text == "POST /two [] hello")
                #expect(server.openConnectionCount == 1)
                client.send("GET /three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                let third = try client.readResponse()
                #expect(third.headers["Connection"] == "close")
                #expect(client.waitForClose())
            }
        }

        @Test("pipelined requests are answered in order")
        func pipelining() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send(
                    "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz"
                        + "GET /c?n=1 HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "GET /a [] ")
                #expect(try client.readResponse().text == "POST /b [] xyz")
                #expect(try client.readResponse().text == "GET /c [n=1] ")
            }
        }

        @Test("chunked request body with extensions and trailers")
        func chunkedBody() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send(
                    "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;name=value\r\nhello\r\n7\r\n, world\r\n0\r\nX-Checksum: 42\r\n\r\n")
                #expect(try client.readResponse().text == "POST /upload [] hello, world")
                client.send("POST /again HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
                #expect(try client.readResponse().text == "POST /again [] ")
            }
        }

        @Test("Expect: 100-continue gets an interim response before the body is sent")
        func expectContinue() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send(
                    "PUT /doc HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse()
                #expect(interim.status == 100)
                client.send("data")
                #expect(try client.readResponse().text == "PUT /doc [] data")
            }
        }

        @Test("HEAD gets the headers of GET without a body")
        func head() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send("HEAD /page HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse(isHead: true)
                #expect(response.status == 200)
                #expect(response.headers["Content-Length"] == "\("HEAD /page [] ".utf8.count)")
                client.send("GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "GET /next [] ")
            }
        }

        @Test("HTTP/1.0 closes unless keep-alive is asked for")
        func http10() async throws {
            try await withServer { _, port in
                let plain = try RawClient(port: port)
                plain.send("GET /old HTTP/1.0\r\n\r\n")
                #expect(try plain.readResponse().headers["Connection"] == "close")
                #expect(plain.waitForClose())

                let kept = try RawClient(port: port)
                kept.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                #expect(try kept.readResponse().headers["Connection"] == "keep-alive")
                kept.send("GET /again HTTP/1.0\r\n\r\n")
                #expect(try kept.readResponse().text == "GET /again [] ")
            }
        }

        @Test("handler headers are kept, framing headers are the server's, status 204 has no body")
        func responseFraming() async throws {
            try await withServer(handler: { request in
                if request.path == "/empty" {
                    return HTTPResponse(status: 204, headers: ["X-Id": "7"], body: [1, 2])
                }
                return HTTPResponse(
                    status: 201, reason: "Made",
                    headers: ["Content-Length": "999", "X-Bad": "a\r\nInjected: yes", "X-Ok": "1"],
                    body: Array("abc".utf8))
            }) { _, port in
                let client = try RawClient(port: port)
                client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 201)
                #expect(response.headers["Content-Length"] == "3")
                #expect(response.headers["X-Ok"] == "1")
                #expect(response.headers["X-Bad"] == nil && response.headers["Injected"] == nil)
                client.send("GET /empty HTTP/1.1\r\nHost: x\r\n\r\n")
                let empty = try client.readResponse()
                #expect(empty.status == 204 && empty.body.isEmpty && empty.headers["Content-Length"] == nil)
                client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "abc")
            }
        }

        @Test("absolute-form targets and OPTIONS * are understood")
        func targetForms() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send("GET http://example.com:8080/a%20b?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
                #expect(try client.readResponse().text == "GET /a b [x=1] ")
                client.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "OPTIONS * [] ")
            }
        }
    }
}
