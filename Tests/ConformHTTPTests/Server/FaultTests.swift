import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPServerTests {
    /// The deliberate misbehaviour a handler can ask for, seen from real clients.
    @Suite("Fault injection")
    struct Faults {
        private static let body = Array(repeating: UInt8(ascii: "x"), count: 10_000)

        private static func faultyHandler(_ request: HTTPRequest) -> HTTPServer.Reply {
            var response = HTTPServer.Reply(HTTPResponse(body: body))
            switch request.path {
            case "/slow": response.faults.delay = .milliseconds(300)
            case "/truncated": response.faults.truncateBodyAfter = 100
            case "/reset": response.faults.resetAfterBodyBytes = 100
            case "/unframed": response.faults.omitsContentLength = true
            default: break
            }
            return response
        }

        @Test("delay holds the response back")
        func delay() async throws {
            try await withServer(replying: Self.faultyHandler) { _, port in
                let session = makeSession()
                defer { session.invalidateAndCancel() }
                let started = ContinuousClock.now
                let (data, _) = try await session.data(
                    from: try #require(URL(string: "http://127.0.0.1:\(port)/slow")))
                #expect(ContinuousClock.now - started >= .milliseconds(300))
                #expect(data.count == Self.body.count)
            }
        }

        @Test("a truncated body is an error or a short body for URLSession")
        func truncatedWithURLSession() async throws {
            try await withServer(replying: Self.faultyHandler) { _, port in
                let session = makeSession()
                defer { session.invalidateAndCancel() }
                let url = try #require(URL(string: "http://127.0.0.1:\(port)/truncated"))
                do {
                    let (data, _) = try await session.data(from: url)
                    #expect(data.count < Self.body.count)
                } catch {
                    #expect(error is URLError)
                }
            }
        }

        @Test("a truncated body declares the full length, then the connection closes")
        func truncatedRaw() async throws {
            try await withServer(replying: Self.faultyHandler) { _, port in
                let client = try RawClient(port: port)
                client.send("GET /truncated HTTP/1.1\r\nHost: x\r\n\r\n")
                let ended = try #require(client.readUntilEnd())
                let text = String(decoding: ended.bytes, as: UTF8.self)
                #expect(text.contains("Content-Length: 10000\r\n"))
                #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "x", count: 100)))
                #expect(!ended.wasReset)
            }
        }

        @Test("a reset after some body bytes is a connection error for the client")
        func reset() async throws {
            try await withServer(replying: Self.faultyHandler) { _, port in
                let client = try RawClient(port: port)
                client.send("GET /reset HTTP/1.1\r\nHost: x\r\n\r\n")
                let ended = try #require(client.readUntilEnd())
                #expect(ended.wasReset)

                let session = makeSession()
                defer { session.invalidateAndCancel() }
                let url = try #require(URL(string: "http://127.0.0.1:\(port)/reset"))
                await #expect(throws: (any Error).self) { _ = try await session.data(from: url) }
            }
        }

        @Test("without Content-Length the body ends when the connection closes")
        func unframed() async throws {
            try await withServer(replying: Self.faultyHandler) { _, port in
                let client = try RawClient(port: port)
                client.send("GET /unframed HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.headers["Content-Length"] == nil)
                #expect(response.headers["Connection"] == "close")
                #expect(response.body.count == Self.body.count)
            }
        }
    }
}
