import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The set of open client connections, shared by the accept loop, the connection threads and
/// `shutdown()`.
///
/// Closing a descriptor and removing it from the set happen under the same lock as
/// `interruptAll()`, so a forced shutdown can never hit a descriptor number that the system
/// has already handed out again.
///
/// `@unchecked Sendable`: all mutable state is guarded by `condition`.
final class ConnectionRegistry: @unchecked Sendable {
    private let condition = NSCondition()
    private var open: Set<Int32> = []

    /// The number of connections whose socket is still open.
    var count: Int {
        condition.withLock { open.count }
    }

    /// Records a new connection unless `limit` connections are already open.
    func register(_ fd: Int32, limit: Int) -> Bool {
        condition.withLock {
            guard open.count < limit else { return false }
            open.insert(fd)
            return true
        }
    }

    /// Closes a connection's socket and forgets it, waking anyone waiting for the set to empty.
    func close(_ stream: SocketStream) {
        condition.withLock {
            stream.close()
            open.remove(stream.descriptor)
            condition.broadcast()
        }
    }

    /// Waits until no connection is open or `deadline` passes; returns whether all are closed.
    func waitUntilEmpty(before deadline: ContinuousClock.Instant) -> Bool {
        condition.withLock {
            while !open.isEmpty {
                let remaining = deadline - .now
                guard remaining > .zero else { return false }
                let (seconds, attoseconds) = remaining.components
                let interval = Double(seconds) + Double(attoseconds) / 1e18
                _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            }
            return true
        }
    }

    /// Shuts down every open socket in both directions, so threads blocked reading or writing
    /// wake up with an error and close their connection.
    func interruptAll() {
        condition.withLock {
            for fd in open {
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }
}
