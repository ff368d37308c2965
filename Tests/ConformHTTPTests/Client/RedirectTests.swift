import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

/// Redirects are responses unless `followRedirects` is on; then only same-origin ones are
/// followed, with the method and body rules of RFC 9110, at most `maximumRedirects` hops.
@Suite("Redirects")
struct RedirectTests {
    static func redirecting(_ status: Int, to location: String) -> HostileServer.Script {
        { request, connection in
            if request.target == "/start" {
                connection.write(
                    "HTTP/1.1 \(status) Moved\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n")
            } else {
                let body =
                    "\(request.method) \(request.target) \(String(decoding: request.body, as: UTF8.self))"
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            }
        }
    }

    static func post(_ url: String) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: url, headers: [HeaderField("Content-Type", "application/json")],
            body: Array("{\"id\":1}".utf8))
    }

    @Test("a 3xx is the response by default")
    func notFollowed() async throws {
        let server = try HostileServer(script: Self.redirecting(302, to: "/end"))
        defer { server.stop() }
        let response = try await HTTPTransport(timeout: .seconds(5)).send(
            Self.post(server.baseURL + "/start"))
        #expect(response.status == 302)
        #expect(server.requests.count == 1)
    }

    @Test(
        "same-origin redirects keep or drop the method and body as the status says",
        arguments: [
            (307, "POST /end {\"id\":1}"), (308, "POST /end {\"id\":1}"), (303, "GET /end "),
            (302, "GET /end "),
            (301, "GET /end "),
        ])
    func followed(status: Int, expected: String) async throws {
        let server = try HostileServer(script: Self.redirecting(status, to: "/end"))
        defer { server.stop() }
        let transport = HTTPTransport(timeout: .seconds(5), followRedirects: true)
        let response = try await transport.send(Self.post(server.baseURL + "/start"))
        #expect(String(decoding: response.body, as: UTF8.self) == expected)
        #expect(response.redirects.map(\.status) == [status])
        #expect(response.redirects.first?.url == server.baseURL + "/start")
    }

    @Test("a cross-origin redirect is an error and nothing is sent there")
    func crossOrigin() async throws {
        let other = try HostileServer(script: Self.redirecting(200, to: "/"))
        defer { other.stop() }
        let server = try HostileServer(
            script: Self.redirecting(307, to: "http://localhost:\(other.port)/end"))
        defer { server.stop() }
        let transport = HTTPTransport(timeout: .seconds(5), followRedirects: true)
        let outcome = await transport.perform(Self.post(server.baseURL + "/start"))
        guard case .failure(.crossOriginRedirect(let status, _)) = outcome.result else {
            Issue.record("expected a cross-origin finding, got \(outcome.result)")
            return
        }
        #expect(status == 307)
        #expect(other.requests.isEmpty)
    }

    @Test("a redirect loop stops after the hop limit")
    func loop() async throws {
        let server = try HostileServer { request, connection in
            connection.write("HTTP/1.1 302 Found\r\nLocation: \(request.target)\r\nContent-Length: 0\r\n\r\n")
        }
        defer { server.stop() }
        let transport = HTTPTransport(timeout: .seconds(5), followRedirects: true)
        let outcome = await transport.perform(HTTPRequest(method: "GET", url: server.baseURL + "/loop"))
        #expect(outcome.result == .failure(.tooManyRedirects(hops: HTTPTransport.maximumRedirects + 1)))
        #expect(server.requests.count == HTTPTransport.maximumRedirects + 1)
    }
}
