import Foundation
import Testing

@testable import ConformHTTP

extension HTTPServerTests {
    /// A server that sends on what it receives through the client, as a proxy does: the request
    /// the server reads and the response the client reads are the same types, so both pass through
    /// unchanged and either can be checked.
    @Suite("Forwarding")
    struct Forwarding {
        @Test("a received request is sent on, and the upstream's answer comes back as it was")
        func forwardsBothWays() async throws {
            let seen = Locked<HTTPRequest?>(nil)
            let upstream = HTTPServer { request in
                seen.withLock { $0 = request }
                var headers: HTTPFields = ["Content-Type": "application/json", "X-Tag": "a"]
                headers.add("x-tag", "b")
                return HTTPResponse(
                    status: 201, reason: "Made", headers: headers, body: Array(#"{"id":7}"#.utf8))
            }
            let upstreamPort = try upstream.start()
            defer { upstream.shutdown() }
            let transport = HTTPTransport(timeout: .seconds(10))
            let mediaTypes = Locked<[String?]>([])
            let proxy = HTTPServer(awaiting: { request in
                var forwarded = request
                forwarded.url = "http://127.0.0.1:\(upstreamPort)" + request.target
                forwarded.headers["Host"] = nil
                let response = (try? await transport.send(forwarded)) ?? HTTPResponse(status: 502)
                mediaTypes.withLock { $0 = [request.mediaType, response.mediaType] }
                return response
            })
            let proxyPort = try proxy.start()
            defer { proxy.shutdown() }

            let sent = HTTPRequest(
                method: "POST", url: "http://127.0.0.1:\(proxyPort)/items?tag=a%20b",
                headers: ["Content-Type": "application/json; charset=utf-8", "X-Trace": "1"],
                body: Array(#"{"name":"x"}"#.utf8))
            let response = try await transport.send(sent)

            #expect(response.status == 201)
            #expect(response.reason == "Made")
            #expect(response.header("X-Tag") == "a, b")
            #expect(response.body == Array(#"{"id":7}"#.utf8))
            let received = try #require(seen.current)
            #expect(received.method == "POST")
            #expect(received.target == "/items?tag=a%20b")
            #expect(received.queryValue("tag") == "a b")
            #expect(received.header("X-Trace") == "1")
            #expect(received.body == sent.body)
            #expect(mediaTypes.current == ["application/json", "application/json"])
        }
    }
}
