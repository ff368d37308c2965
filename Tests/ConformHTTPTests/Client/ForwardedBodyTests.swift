import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

/// The forwarded body handling a proxy uses: bodies as sent, and a body past the limit returned as
/// its first bytes and a stream of the rest, on both paths of the transport.
@Suite("Forwarded bodies", .serialized)
struct ForwardedBodyTests {
    enum Path: String, CaseIterable, Sendable {
        case socket, urlSession
    }

    /// 6 MiB of JSON digits, chunked or with a length, from a loopback server.
    private func server(chunked: Bool) throws -> (HTTPServer, String, [UInt8]) {
        let body = Array(repeating: UInt8(ascii: "7"), count: 6 * 1_048_576)
        var configuration = HTTPServer.Configuration()
        configuration.writeTimeout = .seconds(60)
        let server = HTTPServer(
            configuration: configuration,
            streaming: { _ in
                let pieces = Locked(body.count / 65_536)
                let rest = BodyStream.generated(declaredLength: chunked ? nil : body.count) {
                    pieces.withLock { left -> [UInt8]? in
                        guard left > 0 else { return nil }
                        left -= 1
                        return Array(repeating: UInt8(ascii: "7"), count: 65_536)
                    }
                }
                return HTTPServer.Reply(
                    HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"]), rest: rest)
            })
        let port = try server.start()
        return (server, "http://127.0.0.1:\(port)/big", body)
    }

    @Test(
        "a body past the limit comes back as its first bytes and the rest, whole", arguments: Path.allCases,
        [true, false])
    func overflowStreams(path: Path, chunked: Bool) async throws {
        let (server, url, body) = try server(chunked: chunked)
        defer { server.shutdown() }
        let transport = HTTPTransport(
            timeout: .seconds(10), maximumBodyBytes: 1_048_576, followRedirects: false,
            forcesURLSession: path == .urlSession, bodyHandling: .forwarded)
        let outcome = await transport.perform(HTTPRequest(method: "GET", url: url))
        let first = try outcome.result.get().body
        let rest = try #require(outcome.rest)
        #expect(first.count <= 1_048_576 + 65_536 * 4)
        let total = try await offPool {
            var total = first.count
            while let piece = try rest.next(idleTimeout: .seconds(30)) { total += piece.count }
            return total
        }
        #expect(total == body.count)
        #expect(rest.isFinished)
    }

    @Test("a decoding transport still refuses a body past the limit")
    func decodedRefuses() async throws {
        let (server, url, _) = try server(chunked: true)
        defer { server.shutdown() }
        let outcome = await HTTPTransport(timeout: .seconds(10), maximumBodyBytes: 1_048_576).perform(
            HTTPRequest(method: "GET", url: url))
        #expect(throws: TransportError.bodyTooLarge(limit: 1_048_576)) { try outcome.result.get() }
        #expect(outcome.rest == nil)
    }
}
