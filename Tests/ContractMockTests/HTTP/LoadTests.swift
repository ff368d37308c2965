import ContractMock
import Foundation
import Testing

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

        /// The open descriptors of this process with what they point to (Linux only).
        private static func openDescriptors() -> Set<String>? {
            #if os(Linux)
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
                    return nil
                }
                // A descriptor that closes between the listing and its readlink (the listing's own
                // directory handle, or one a parallel test just closed) is not open: skip it.
                return Set(
                    names.compactMap { name in
                        guard
                            let target = try? FileManager.default.destinationOfSymbolicLink(
                                atPath: "/proc/self/fd/\(name)")
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
            let descriptorsBefore = Self.openDescriptors()
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
            server.shutdown()

            let total = Self.clients * Self.requestsPerClient
            #expect(tally.failures.isEmpty, "\(tally.failures)")
            #expect(tally.correct == total)
            #expect(server.openConnectionCount == 0)
            if let descriptorsBefore {
                // Every client socket is closed when its thread ends and the server closes its
                // own before shutdown() returns, so no descriptor may exist now that did not
                // exist before. Tests of other targets may run in parallel and briefly hold a
                // file open; such descriptors vanish on their own, a leak does not, so the
                // comparison is retried for up to a second before it counts as a failure.
                var leaked: Set<String> = []
                for _ in 0..<20 {
                    leaked = (Self.openDescriptors() ?? []).subtracting(descriptorsBefore)
                    if leaked.isEmpty { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(leaked.isEmpty, "descriptors still open after shutdown: \(leaked.sorted())")
                print(
                    "load: \(descriptorsBefore.count) descriptors before, \(Self.openDescriptors()?.count ?? -1) after"
                )
            }
            print("load: \(total) requests from \(Self.clients) clients in \(elapsed)")
        }
    }
}
