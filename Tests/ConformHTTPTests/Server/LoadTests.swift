import ConformTestSupport
import Foundation
import Testing

@testable import ConformHTTP

extension HTTPServerTests {
    @Suite("Load")
    struct Load {
        private static let clients = 64
        private static let requestsPerClient = 32
        /// Every n-th request of a client asks to close, so new connections keep being accepted
        /// while others are kept alive.
        private static let reconnectEvery = 8

        /// Tallies shared by the client threads.
        private final class Tally: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var correct = 0
            private(set) var failures: [String] = []

            func record(_ failure: String?) {
                lock.withLock {
                    if let failure {
                        if failures.count < 10 { failures.append(failure) }
                    } else {
                        correct += 1
                    }
                }
            }
        }

        /// The descriptors of this process that are TCP sockets with `port` at either end: the
        /// server's listening and accepted sockets and this test's client sockets (Linux only).
        ///
        /// Swift Testing runs other suites in the same process at the same time (URLSession keeps
        /// pooled sockets, the Codable fuzzer spawns children through pipes), so comparing every
        /// descriptor would blame the server for theirs. Sockets on this server's port are exactly
        /// the ones a leak here would leave behind.
        private static func socketsOnPort(_ port: Int) -> Set<String>? {
            #if os(Linux)
                var inodes = Set<String>()
                for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                    // Proc files report size 0: read to the end rather than by the reported size.
                    guard let handle = FileHandle(forReadingAtPath: table) else { continue }
                    let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
                    try? handle.close()
                    for line in text.split(separator: "\n").dropFirst() {
                        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                        guard fields.count > 9 else { continue }
                        let ports = [fields[1], fields[2]].compactMap { address in
                            address.split(separator: ":").last.flatMap { Int($0, radix: 16) }
                        }
                        if ports.contains(port) { inodes.insert("socket:[\(fields[9])]") }
                    }
                }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
                    return nil
                }
                return Set(
                    names.compactMap { name in
                        guard
                            let target = try? FileManager.default.destinationOfSymbolicLink(
                                atPath: "/proc/self/fd/\(name)"),
                            inodes.contains(target)
                        else { return nil }
                        return "\(name) -> \(target)"
                    })
            #else
                return nil
            #endif
        }

        /// One client: a sequence of POSTs with unique bodies over kept-alive connections.
        private static func runClient(_ client: Int, port: Int, tally: Tally) {
            var connection: RawClient?
            for request in 0..<requestsPerClient {
                let body = "client \(client) request \(request)"
                let closes = request % reconnectEvery == reconnectEvery - 1
                do {
                    let socket = try connection ?? RawClient(port: port)
                    connection = socket
                    socket.send(
                        "POST /load/\(client)?n=\(request) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n"
                            + (closes ? "Connection: close\r\n" : "") + "\r\n" + body)
                    let response = try socket.readResponse(timeout: .seconds(10))
                    let expected = "POST /load/\(client) [n=\(request)] \(body)"
                    tally.record(
                        response.status == 200 && response.text == expected ? nil : "got \(response.text)")
                    if closes {
                        connection = nil
                    }
                } catch {
                    tally.record("client \(client) request \(request): \(error)")
                    connection = nil
                }
            }
        }

        @Test(
            "64 concurrent clients, 2,048 requests, no leaked connections or descriptors",
            .timeLimit(.minutes(1)))
        func concurrentClients() async throws {
            var configuration = HTTPServer.Configuration.testing
            configuration.idleTimeout = .seconds(5)
            let server = HTTPServer(configuration: configuration, handler: echoHandler)
            let port = try server.start()
            let tally = Tally()
            let started = ContinuousClock.now
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let group = DispatchGroup()
                for client in 0..<Self.clients {
                    group.enter()
                    let thread = Thread {
                        Self.runClient(client, port: port, tally: tally)
                        group.leave()
                    }
                    thread.start()
                }
                group.notify(queue: .global()) { continuation.resume() }
            }
            let elapsed = ContinuousClock.now - started
            if let whileServing = Self.socketsOnPort(port) {
                #expect(!whileServing.isEmpty, "the leak check must see at least the listening socket")
            }
            server.shutdown()

            let total = Self.clients * Self.requestsPerClient
            #expect(tally.failures.isEmpty, "\(tally.failures)")
            #expect(tally.correct == total)
            #expect(server.openConnectionCount == 0)
            if Self.socketsOnPort(port) != nil {
                // Every client socket is closed when its thread ends and the server closes its own
                // before shutdown() returns; a socket still open on the port is a leak. The check is
                // retried briefly because the kernel may report a closing socket for a moment.
                var leaked: Set<String> = []
                for _ in 0..<20 {
                    leaked = Self.socketsOnPort(port) ?? []
                    if leaked.isEmpty { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(
                    leaked.isEmpty, "sockets on port \(port) still open after shutdown: \(leaked.sorted())")
            }
            print("load: \(total) requests from \(Self.clients) clients in \(elapsed)")
        }
    }
}
