import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that becomes readable, and stays readable, once the server starts shutting down.
///
/// Threads blocked in `poll(2)` on a socket add the pipe's read end to their poll set, so one
/// byte written by `shutdown()` wakes the accept loop and every idle connection at once without
/// closing descriptors under their feet. The pipe is never drained.
///
/// The descriptors are immutable after `init`, and the owner closes the pipe only after every
/// thread that polls it has finished.
final class StopSignal: Sendable {
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let isClosed = Locked(false)

    init() throws(HTTPServerError) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw .socketFailed(operation: "pipe", errno: SocketPlatform.lastError)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        _ = fcntl(readDescriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeDescriptor, F_SETFD, FD_CLOEXEC)
    }

    /// Makes the pipe readable; harmless to call more than once.
    func fire() {
        isClosed.withLock { isClosed in
            guard !isClosed else { return }
            var byte: UInt8 = 1
            _ = write(writeDescriptor, &byte, 1)
        }
    }

    /// Whether `fire()` has been called, without blocking.
    var isFired: Bool {
        var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Closes both ends; later calls do nothing.
    func close() {
        isClosed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            SocketPlatform.closeDescriptor(readDescriptor)
            SocketPlatform.closeDescriptor(writeDescriptor)
        }
    }

    deinit {
        close()
    }
}
