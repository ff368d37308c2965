import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

/// The exchange layer against a server that breaks HTTP on purpose: every fault ends, within the
/// deadline, as a named `TransportError` or as the response itself — never a hang or a crash.
@Suite("HTTP exchanges against a hostile server", .serialized)
struct HTTPTransportTests {
    /// Which client sends: Conform's own (http://) or URLSession through the delegate (https://,
    /// forced onto http:// here so its guarantees are tested without TLS).
    enum Path: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case socket, urlSession
        var testDescription: String { rawValue }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var paths: [Path] = Path.allCases
        var timeout: Duration = .seconds(5)
        var limit = 1_048_576
        var script: HostileServer.Script
        var check: @Sendable (Path, Result<HTTPResponse, TransportError>) -> Bool
        var testDescription: String { label }
    }

    static func json(_ status: Int, _ body: String, extra: String = "") -> String {
        "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
    }

    static let rows: [Row] = [
        Row(
            label: "401 with WWW-Authenticate returns at once",
            script: { _, connection in
                connection.write(
                    json(401, "{\"error\":\"no\"}", extra: "WWW-Authenticate: Basic realm=\"x\"\r\n"))
            },
            check: { _, result in (try? result.get().status) == 401 }),
        Row(
            label: "a body dripping one byte every 200 ms is cut at the deadline",
            timeout: .seconds(1),
            script: { _, connection in
                guard connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n") else { return }
                for _ in 0..<100 {
                    Thread.sleep(forTimeInterval: 0.2)
                    guard connection.write("x") else { return }
                }
            },
            check: { _, result in
                if case .failure(.timedOut) = result { return true }
                return false
            }),
        Row(
            label: "an endless chunked body stops at the limit",
            // Socket path only in this parallel suite: on the forced-URLSession path the exchange ends
            // at the limit, but URLSession on Linux keeps buffering the cancelled transfer while a
            // loaded test process starves its queue (gigabytes seen), which would take the other
            // suites down with it. The next row checks the limit on both paths with a finite body;
            // this limit of URLSession is written down in docs/http-exchanges.md.
            paths: [.socket],
            script: { _, connection in
                guard connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") else {
                    return
                }
                let chunk = "4000\r\n" + String(repeating: "a", count: 0x4000) + "\r\n"
                while connection.write(chunk) {}
            },
            check: { _, result in result == .failure(.bodyTooLarge(limit: 1_048_576)) }),
        Row(
            label: "a finite chunked body three times the limit is cut at the limit",
            script: { _, connection in
                guard connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") else {
                    return
                }
                let chunk = "4000\r\n" + String(repeating: "a", count: 0x4000) + "\r\n"
                for _ in 0..<192 where connection.write(chunk) {}
                connection.write("0\r\n\r\n")
            },
            check: { _, result in result == .failure(.bodyTooLarge(limit: 1_048_576)) }),
        Row(
            label: "an endless close-delimited body stops at the limit",
            paths: [.socket],
            script: { _, connection in
                guard connection.write("HTTP/1.0 200 OK\r\n\r\n") else { return }
                let chunk = String(repeating: "b", count: 65_536)
                while connection.write(chunk) {}
            },
            check: { _, result in result == .failure(.bodyTooLarge(limit: 1_048_576)) }),
        Row(
            label: "a declared length over the limit is refused before reading",
            paths: [.socket],
            script: { _, connection in
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\nab")
            },
            check: { _, result in result == .failure(.bodyTooLarge(limit: 1_048_576)) }),
        Row(
            label: "two different Content-Lengths",
            paths: [.socket],
            script: { _, connection in
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nabcdefg")
            },
            check: { _, result in result == .failure(.conflictingContentLength(["5", "7"])) }),
        Row(
            label: "a 1 MiB header",
            paths: [.socket],
            script: { _, connection in
                connection.write(
                    "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "h", count: 1_048_576)
                        + "\r\nContent-Length: 0\r\n\r\n")
            },
            check: { _, result in result == .failure(.headerSectionTooLarge(limit: 65_536)) }),
        Row(
            label: "a body shorter than its Content-Length",
            paths: [.socket],
            script: { _, connection in
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{\"a\":")
            },
            check: { _, result in result == .failure(.bodyShorterThanDeclared(received: 5, declared: 20)) }),
        Row(
            label: "an invalid chunk size",
            paths: [.socket],
            script: { _, connection in
                connection.write(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
            },
            check: { _, result in result == .failure(.invalidChunkSize("zz")) }),
        Row(
            label: "a connection closed in the middle of a chunked body",
            paths: [.socket],
            script: { _, connection in
                connection.write(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n10\r\nabc")
            },
            check: { _, result in result == .failure(.connectionClosedMidBody(received: 8)) }),
        Row(
            label: "a reset after the headers",
            script: { _, connection in
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc")
                Thread.sleep(forTimeInterval: 0.05)
                connection.reset()
            },
            check: { path, result in
                guard case .failure(let error) = result else { return false }
                if path == .urlSession { return true }
                if case .connectionReset = error { return true }
                return false
            }),
        Row(
            label: "an HTTP/1.0 body delimited by the close",
            script: { _, connection in
                connection.write("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello, 1.0")
            },
            check: { _, result in (try? result.get().body) == Array("hello, 1.0".utf8) }),
        Row(
            label: "a chunked body with trailers",
            paths: [.socket],
            script: { _, connection in
                connection.write(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\n"
                )
            },
            check: { _, result in
                guard let response = try? result.get() else { return false }
                return response.body == Array("abcde".utf8) && response.header("X-Trailer") == "t"
            }),
        Row(
            label: "a gzip body is decoded (no Accept-Encoding is sent, so any coding is acceptable)",
            paths: [.socket],
            script: { request, connection in
                let gzip: [UInt8] = [
                    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 202, 207, 86, 178, 42, 41, 42, 77, 173, 5, 0,
                    144, 95,
                    212, 167, 11, 0, 0, 0,
                ]
                let accept = request.header("Accept-Encoding") == nil ? "none" : "sent"
                connection.write(
                    Array(
                        "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nX-Accept: \(accept)\r\nContent-Length: \(gzip.count)\r\n\r\n"
                            .utf8) + gzip)
            },
            check: { _, result in
                guard let response = try? result.get() else { return false }
                return response.body == Array(#"{"ok":true}"#.utf8) && response.header("X-Accept") == "none"
            }),
        Row(
            label: "a deflate (zlib) body is decoded",
            paths: [.socket],
            script: { _, connection in
                let deflate: [UInt8] = [
                    120, 156, 171, 86, 202, 207, 86, 178, 42, 41, 42, 77, 173, 5, 0, 22, 227, 4, 17,
                ]
                connection.write(
                    Array(
                        "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: \(deflate.count)\r\n\r\n"
                            .utf8) + deflate)
            },
            check: { _, result in (try? result.get())?.body == Array(#"{"ok":true}"#.utf8) }),
        Row(
            label: "a gzip bomb stops at the body limit",
            paths: [.socket], limit: 1024,
            script: { _, connection in
                let bomb: [UInt8] = [
                    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 237, 193, 49, 1, 0, 0, 0, 194, 160, 245, 79, 109, 13, 15,
                    160, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    0, 0, 0, 0, 0, 0, 0, 0, 128, 87, 3, 125, 149, 17, 212, 160, 134, 1, 0,
                ]
                connection.write(
                    Array(
                        "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n"
                            .utf8)
                        + bomb)
            },
            check: { _, result in
                if case .failure(.bodyTooLarge) = result { return true }
                return false
            }),
        Row(
            label: "a corrupt gzip body is a named fault",
            paths: [.socket],
            script: { _, connection in
                let bytes: [UInt8] = [
                    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8,
                ]
                connection.write(
                    Array(
                        "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(bytes.count)\r\n\r\n"
                            .utf8)
                        + bytes)
            },
            check: { _, result in
                if case .failure(.undecodableBody(let coding, _)) = result { return coding == "gzip" }
                return false
            }),
        Row(
            label: "garbage instead of a status line",
            paths: [.socket],
            script: { _, connection in connection.write("SSH-2.0-OpenSSH\r\n\r\n") },
            check: { _, result in
                if case .failure(.malformedResponse) = result { return true }
                return false
            }),
        Row(
            label: "endless 100 Continue heads end at the deadline",
            paths: [.socket],
            timeout: .seconds(1),
            script: { _, connection in
                while connection.write("HTTP/1.1 100 Continue\r\n\r\n") {}
            },
            check: { _, result in
                if case .failure(.timedOut) = result { return true }
                return false
            }),
        Row(
            label: "silence after accepting the connection",
            timeout: .seconds(1),
            script: { _, _ in Thread.sleep(forTimeInterval: 3) },
            check: { _, result in
                if case .failure(.timedOut) = result { return true }
                return false
            }),
    ]

    @Test("each fault ends as a named outcome within the deadline", arguments: rows, Path.allCases)
    func fault(row: Row, path: Path) async throws {
        guard row.paths.contains(path) else { return }
        let server = try HostileServer(script: row.script)
        defer { server.stop() }
        let transport = HTTPTransport(
            timeout: row.timeout, maximumBodyBytes: row.limit, followRedirects: false,
            forcesURLSession: path == .urlSession)
        let outcome = await transport.perform(HTTPRequest(method: "GET", url: server.baseURL + "/x"))
        #expect(row.check(path, outcome.result), "\(outcome.result)")
        // The issue bounds a request by its timeout plus a second; the margin here is wider because
        // the suite shares 2 cores with every other suite. Rows about other faults only must not hang.
        let bound = row.timeout < .seconds(5) ? row.timeout + .seconds(3) : .seconds(30)
        #expect(outcome.elapsed < bound, "took \(outcome.elapsed)")
        if case .failure(let error) = outcome.result, case .timedOut(_, let elapsed) = error {
            #expect(elapsed >= row.timeout, "the error records the real elapsed time")
        }
    }

    @Test("https: a server that never completes the TLS handshake ends at the deadline")
    func stalledHandshake() async throws {
        let server = try HostileServer { _, _ in }
        defer { server.stop() }
        // The server reads a request head that never comes (TLS sends a ClientHello instead).
        let transport = HTTPTransport(timeout: .seconds(1))
        let outcome = await transport.perform(
            HTTPRequest(method: "GET", url: "https://127.0.0.1:\(server.port)/"))
        guard case .failure(.timedOut(_, let elapsed)) = outcome.result else {
            Issue.record("expected a timeout, got \(outcome.result)")
            return
        }
        #expect(elapsed >= .seconds(1))
        #expect(outcome.elapsed < .seconds(4), "took \(outcome.elapsed)")
    }

    @Test("a refused connection is unreachable and records its time")
    func refused() async throws {
        let server = try HostileServer { _, _ in }
        let url = server.baseURL
        server.stop()
        let outcome = await HTTPTransport(timeout: .seconds(5)).perform(
            HTTPRequest(method: "GET", url: url))
        guard case .failure(let error) = outcome.result else {
            Issue.record("expected a refusal, got \(outcome.result)")
            return
        }
        #expect(error.isUnreachable, "\(error)")
    }

    @Test("kept-alive connections are reused, and a stale one is replaced")
    func keepAlive() async throws {
        let server = try HostileServer { request, connection in
            connection.write(Self.json(200, "{\"n\":\"\(request.target)\"}"))
            connection.keepOpen = request.target != "/close"
        }
        defer { server.stop() }
        let transport = HTTPTransport(timeout: .seconds(5))
        for target in ["/a", "/b", "/close", "/c", "/d"] {
            let response = try await transport.send(
                HTTPRequest(method: "GET", url: server.baseURL + target))
            #expect(response.body == Array("{\"n\":\"\(target)\"}".utf8))
        }
        #expect(server.requests.map(\.target) == ["/a", "/b", "/close", "/c", "/d"])
    }
}
