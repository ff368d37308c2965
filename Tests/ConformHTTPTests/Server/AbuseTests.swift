import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

extension HTTPServerTests {
    /// Malformed and hostile requests: each is refused with the right status and the server
    /// keeps serving normal requests afterwards.
    @Suite("Abuse")
    struct Abuse {
        /// Sends `request`, expects `status` and a closed connection, then a normal request.
        private func expectRejected(
            _ request: [UInt8], status: Int, configuration: HTTPServer.Configuration = .testing,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            try await withServer(configuration) { _, port in
                let client = try RawClient(port: port)
                client.send(request)
                let response = try client.readResponse()
                #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
                #expect(response.headers["Connection"] == "close", sourceLocation: sourceLocation)
                #expect(client.waitForClose(), sourceLocation: sourceLocation)
                try expectServes(port: port, sourceLocation: sourceLocation)
            }
        }

        private func expectRejected(
            _ request: String, status: Int, configuration: HTTPServer.Configuration = .testing,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            try await expectRejected(
                Array(request.utf8), status: status, configuration: configuration,
                sourceLocation: sourceLocation)
        }

        @Test(
            "malformed request heads are 400",
            arguments: [
                "GARBAGE\r\n\r\n",
                "GET /\r\n\r\n",
                "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
                "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
                "GET / HTTX/1.1\r\nHost: x\r\n\r\n",
                "GET relative HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n folded\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: x\r\n: empty\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n",
                "GET / HTTP/1.1\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            ])
        func malformedHead(request: String) async throws {
            try await expectRejected(request, status: 400)
        }

        @Test("unsupported HTTP version is 505")
        func unsupportedVersion() async throws {
            try await expectRejected("GET / HTTP/2.0\r\nHost: x\r\n\r\n", status: 505)
        }

        @Test(
            "invalid Content-Length is 400",
            arguments: [
                "Content-Length: abc", "Content-Length: -1", "Content-Length: 1, 2",
                "Content-Length: 3\r\nContent-Length: 4", "Content-Length: +3", "Content-Length: 0x10",
                "Transfer-Encoding: chunked\r\nContent-Length: 3",
            ])
        func invalidContentLength(field: String) async throws {
            try await expectRejected("POST / HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\nabc", status: 400)
        }

        @Test("identical duplicate Content-Length values are accepted")
        func duplicateEqualLengths() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send(
                    "POST /d HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")
                #expect(try client.readResponse().text == "POST /d [] abc")
            }
        }

        @Test("unknown transfer coding is 501")
        func unknownTransferCoding() async throws {
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501)
        }

        @Test("malformed chunked body is 400")
        func badChunk() async throws {
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
                status: 400)
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhelloworld\r\n0\r\n\r\n",
                status: 400)
        }

        @Test("header section over the limit is 431")
        func headersTooLarge() async throws {
            var configuration = HTTPServer.Configuration.testing
            configuration.maxHeaderBytes = 1024
            let filler = String(repeating: "a", count: 2000)
            try await expectRejected(
                "GET / HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)\r\n\r\n", status: 431,
                configuration: configuration)
            try await expectRejected(
                "GET / HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)", status: 431, configuration: configuration)
        }

        @Test("request line over the limit is 414")
        func requestLineTooLong() async throws {
            let path = "/" + String(repeating: "p", count: 9000)
            try await expectRejected("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n", status: 414)
            try await expectRejected("GET \(path)", status: 414)
        }

        @Test("body over the limit is 413, declared or chunked")
        func bodyTooLarge() async throws {
            var configuration = HTTPServer.Configuration.testing
            configuration.maxBodyBytes = 1000
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n"
                    + String(repeating: "b", count: 1001),
                status: 413, configuration: configuration)
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", status: 413,
                configuration: configuration)
            let chunk = String(repeating: "c", count: 600)
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n",
                status: 413, configuration: configuration)
        }

        @Test("a body shorter than its Content-Length times out with 408 and the connection closes")
        func bodyNeverArrives() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                let started = ContinuousClock.now
                client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a few bytes")
                let response = try client.readResponse(timeout: .seconds(3))
                #expect(response.status == 408)
                #expect(client.waitForClose())
                #expect(ContinuousClock.now - started < .seconds(2))
                try expectServes(port: port)
            }
        }

        @Test("a slow-loris client trickling its head is cut off by the header timeout")
        func slowLoris() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                let started = ContinuousClock.now
                let cutOff = Self.trickle(to: client, since: started)
                #expect(cutOff || client.waitForClose(timeout: .seconds(1)))
                #expect(ContinuousClock.now - started < .seconds(2))
                try expectServes(port: port)
            }
        }

        /// Sends a request head a byte every 20 ms until the server cuts the client off or 2 s pass;
        /// true when a send failed. Synchronous on purpose: the client's pace must not wait for a
        /// free thread in the cooperative pool, which CPU-heavy suites can hold for seconds.
        private static func trickle(to client: RawClient, since started: ContinuousClock.Instant) -> Bool {
            for byte in "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8
                + Array(repeating: UInt8(ascii: "z"), count: 100)
            {
                guard client.send([byte]) else { return true }
                Thread.sleep(forTimeInterval: 0.02)
                if ContinuousClock.now - started > .seconds(2) { break }
            }
            return false
        }

        @Test("an idle connection that never sends is closed quietly")
        func silentClient() async throws {
            try await withServer { server, port in
                let client = try RawClient(port: port)
                #expect(client.waitForClose(timeout: .seconds(2)))
                #expect(server.openConnectionCount == 0)
                try expectServes(port: port)
            }
        }

        @Test(
            "invalid percent-encoding or UTF-8 in the path is 400",
            arguments: ["/bad%zz", "/bad%", "/bad%c3", "/%ff%fe", "/ok?q=%g1"])
        func badPath(target: String) async throws {
            try await expectRejected("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
        }

        @Test("raw non-ASCII bytes in the target are 400")
        func rawBytesInTarget() async throws {
            try await expectRejected(
                Array("GET /caf".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
                status: 400)
        }

        @Test("dot segments reach the handler as a plain path")
        func traversalIsJustAPath() async throws {
            try await withServer { _, port in
                let client = try RawClient(port: port)
                client.send("GET /images/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "GET /images/../../etc/passwd [] ")
                client.send("GET /images/%2e%2e/%2E%2E/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "GET /images/../../etc/passwd [] ")
            }
        }

        @Test("an unsupported Expect is 417")
        func unsupportedExpectation() async throws {
            try await expectRejected(
                "POST / HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\na", status: 417)
        }
    }
}
