import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

extension HTTPServerTests {
    @Suite("Lifecycle")
    struct Lifecycle {
        /// The server a handler watches, set once the server exists.
        private final class ServerBox: @unchecked Sendable {
            private let lock = NSLock()
            private var server: HTTPServer?
            var value: HTTPServer? {
                get { lock.withLock { server } }
                set { lock.withLock { server = newValue } }
            }
        }

        @Test("shutdown lets an in-flight request finish, then closes everything")
        func gracefulShutdown() async throws {
            // The handler is provably in flight when shutdown starts: it signals that it started and
            // returns only after shutdown has begun (the port is gone), however slow the machine is.
            let started = DispatchSemaphore(value: 0)
            let box = ServerBox()
            let server = HTTPServer(configuration: .testing) { request in
                started.signal()
                while box.value?.port != nil { Thread.sleep(forTimeInterval: 0.005) }
                Thread.sleep(forTimeInterval: 0.05)
                return HTTPResponse(text: "finished \(request.path)")
            }
            box.value = server
            let port = try server.start()
            let client = try RawClient(port: port)
            client.send("GET /work HTTP/1.1\r\nHost: x\r\n\r\n")
            let idle = try RawClient(port: port)
            let handlerStarted = await Task.detached { started.wait(timeout: .now() + 10) == .success }.value
            #expect(handlerStarted)
            server.shutdown()
            #expect(server.openConnectionCount == 0)
            #expect(server.port == nil)
            let response = try client.readResponse()
            #expect(response.text == "finished /work")
            #expect(response.headers["Connection"] == "close")
            #expect(client.waitForClose())
            #expect(idle.waitForClose())
            #expect(throws: (any Error).self) { try RawClient(port: port) }
            server.shutdown()
        }

        @Test("the same port can be bound again after shutdown, by the same or another server")
        func restartOnSamePort() async throws {
            let first = HTTPServer(configuration: .testing, handler: echoHandler)
            let port = try first.start()
            let client = try RawClient(port: port)
            client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try client.readResponse()
            first.shutdown()

            var configuration = HTTPServer.Configuration.testing
            configuration.port = port
            let again = try first.start()
            #expect(again != 0)
            first.shutdown()

            let second = HTTPServer(configuration: configuration, handler: echoHandler)
            #expect(try second.start() == port)
            defer { second.shutdown() }
            try expectServes(port: port)
        }

        @Test("a port in use is a bind error that names it")
        func portInUse() async throws {
            try await withServer { server, port in
                var configuration = HTTPServer.Configuration.testing
                configuration.port = port
                let other = HTTPServer(configuration: configuration, handler: echoHandler)
                #expect(throws: HTTPServerError.self) { try other.start() }
                do throws(HTTPServerError) {
                    try other.start()
                } catch {
                    #expect(error.description.contains("port \(port) is in use"))
                }
                #expect(throws: HTTPServerError.alreadyRunning(port: port)) { try server.start() }
            }
        }

        @Test("invalid hosts and ports are reported before anything is bound")
        func invalidAddress() {
            var configuration = HTTPServer.Configuration.testing
            configuration.port = 70000
            #expect(throws: HTTPServerError.invalidPort(70000)) {
                try HTTPServer(configuration: configuration, handler: echoHandler).start()
            }
            configuration.port = 0
            configuration.host = "no such host.invalid"
            #expect(throws: HTTPServerError.self) {
                try HTTPServer(configuration: configuration, handler: echoHandler).start()
            }
        }

        @Test("IPv6 loopback and localhost are served", arguments: ["::1", "localhost", "0.0.0.0"])
        func hosts(host: String) async throws {
            var configuration = HTTPServer.Configuration.testing
            configuration.host = host
            let server = HTTPServer(configuration: configuration) { request in
                HTTPResponse(text: request.remoteAddress)
            }
            let port: Int
            do {
                port = try server.start()
            } catch {
                // Some containers have no IPv6 loopback; that is the environment, not the server.
                try #require(host == "::1", "\(error)")
                return
            }
            defer { server.shutdown() }
            let client = try RawClient(port: port, host: host == "::1" ? "::1" : "127.0.0.1")
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.text.hasPrefix(host == "::1" ? "[::1]:" : "127.0.0.1:"))
        }

        @Test("connections over maxConnections are answered 503")
        func connectionLimit() async throws {
            var configuration = HTTPServer.Configuration.testing
            configuration.maxConnections = 1
            try await withServer(configuration) { _, port in
                let first = try RawClient(port: port)
                first.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try first.readResponse()
                let second = try RawClient(port: port)
                #expect(try second.readResponse().status == 503)
            }
        }

        @Test("a response to a client that already left is dropped quietly")
        func clientLeftEarly() async throws {
            try await withServer(handler: { request in
                guard request.path == "/gone" else { return echoHandler(request) }
                Thread.sleep(forTimeInterval: 0.1)
                return HTTPResponse(body: Array(repeating: 0x61, count: 1 << 20))
            }) { server, port in
                for _ in 0..<3 {
                    let client = try RawClient(port: port)
                    client.send("GET /gone HTTP/1.1\r\nHost: x\r\n\r\n")
                }
                try await Task.sleep(for: .milliseconds(300))
                try expectServes(port: port)
                #expect(server.openConnectionCount <= 1)
            }
        }
    }
}
