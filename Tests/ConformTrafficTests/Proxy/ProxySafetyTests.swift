import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import Testing

@Suite("conform proxy: slow, endless and large bodies stay bounded", .serialized)
struct ProxySafetyTests {
    /// A JSON body of `count` bytes the restaurant's `/categories` schema accepts.
    static func categories(bytes count: Int) -> [UInt8] {
        let head = Array(#"{"categories": ["#.utf8)
        let tail = Array(#"]}"#.utf8)
        var body = head
        var index = 0
        while body.count + tail.count + 12 < count {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += Array("\"c\(index)\"".utf8)
            index += 1
        }
        return body + tail
    }

    @Test("an upstream that never answers ends in a 504 at the deadline, with a finding on the server's side")
    func silentUpstream() async throws {
        let harness = try ProxyHarness.overServer(configure: { $0.timeout = .milliseconds(300) }) { _ in
            Thread.sleep(forTimeInterval: 1)
            return HTTPServer.Reply(HTTPResponse(status: 200))
        }
        let response = try await harness.send("GET", "/categories")
        let run = try harness.stop()
        #expect(response.status == 504)
        let result = try #require(run.cases.first)
        #expect(result.duration < .seconds(2), "the proxy gave up at its deadline, not the upstream's pace")
        #expect(result.outcome == .error)
        #expect(result.findings.map(\.check) == [.notAServerError])
    }

    @Test("an endless body streams through in pieces; the client may stop reading and the exchange ends")
    func endlessBody() async throws {
        let harness = try ProxyHarness.overServer(configure: { $0.maximumBodyBytes = 64 * 1024 }) { _ in
            var reply = HTTPServer.Reply(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array("[".utf8)))
            reply.rest = EndlessBody.stream()
            return reply
        }
        let client = HTTPTransport(
            timeout: .seconds(5), maximumBodyBytes: 64 * 1024, bodyHandling: .forwarded)
        let outcome = await client.perform(HTTPRequest(method: "GET", url: harness.url + "/categories"))
        let rest = try #require(outcome.rest)
        let first = try outcome.result.get().body.count
        let received = try await offPool {
            var received = first
            while received < 8 * 1_048_576, let piece = try rest.next(idleTimeout: .seconds(30)) {
                received += piece.count
            }
            rest.close()
            return received
        }
        let run = try harness.stop()
        #expect(received >= 8 * 1_048_576)
        let result = try #require(run.cases.first)
        #expect(
            result.findings.contains {
                $0.check == .responseSize && $0.message.contains("went through unchecked")
            })
        #expect((result.response?.body.count ?? 0) <= 64 * 1024 + MessageReaderPiece.bytes)
    }

    @Test("a response body past --max-body reaches the client whole, and a finding says it was not checked")
    func largeResponse() async throws {
        let body = Self.categories(bytes: 3 * 1_048_576)
        let harness = try ProxyHarness.overServer(configure: { $0.maximumBodyBytes = 1_048_576 }) { _ in
            HTTPServer.Reply(
                HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body))
        }
        let response = try await harness.send(
            "GET", "/categories",
            transport: HTTPTransport(timeout: .seconds(10), maximumBodyBytes: 8 * 1_048_576))
        let run = try harness.stop()
        #expect(response.body == body)
        #expect(response.header("Content-Length") == String(body.count))
        #expect(run.cases.first?.findings.map(\.check) == [.responseSize])
    }

    @Test(
        "a request body past --max-body streams to the upstream whole, and a finding says it was not checked")
    func largeRequest() async throws {
        let received = Locked<Int>(0)
        let harness = try ProxyHarness.overServer(configure: { $0.maximumBodyBytes = 1_048_576 }) {
            incoming in
            received.withLock { $0 = incoming.request.body.count }
            return HTTPServer.Reply(
                HTTPResponse(status: 200, text: #"{"preparation_time": 5}"#, contentType: "application/json"))
        }
        let ids = (1...400_000).map(String.init).joined(separator: ",")
        let response = try await harness.send("POST", "/order", body: #"{"menuIds": [\#(ids)]}"#)
        let run = try harness.stop()
        #expect(response.status == 200)
        #expect(received.current == #"{"menuIds": [\#(ids)]}"#.utf8.count)
        #expect(run.cases.first?.findings.map(\.check) == [.requestSize])
    }
}

/// How many bytes a body pump hands over at a time (what a kept first part may exceed the limit by).
enum MessageReaderPiece {
    static let bytes = 64 * 1024
}

/// An upstream body that never ends: `"x",` forever, in 64 KiB pieces.
enum EndlessBody {
    static func stream() -> BodyStream {
        BodyStream.generated { Array(repeating: UInt8(ascii: "1"), count: 64 * 1024) }
    }
}
