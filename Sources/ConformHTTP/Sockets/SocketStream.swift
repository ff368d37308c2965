#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection with its receive buffer: the socket layer the HTTP client and the mock server
/// share, so reading, writing and waiting are written once.
///
/// Every wait is a `poll(2)` bounded by a ``SocketDeadline``, so no read or write outlives its
/// caller's deadline, and a deadline is checked before each read even while bytes keep arriving (a
/// peer that never stops sending still ends in time). Framing is not done here:
/// ``MessageReader`` reads heads and bodies out of ``unread``.
///
/// A class because a connection has identity (it moves between an exchange and the client's
/// keep-alive pool, or lives on one server thread); it is used by one thread at a time, which is
/// why it may cross threads.
package final class SocketStream: @unchecked Sendable {
    /// What a wait for more bytes ended with.
    package enum Received: Equatable {
        case bytes
        case closed
        case timedOut
        case stopped
        case cancelled
        /// A system call failed: its name and `errno`.
        case failed(operation: String, code: Int32)
    }

    /// What writing ended with.
    package enum Written: Equatable {
        case all
        /// The peer answered before reading everything (a 413 to a large body) or went away.
        case peerStoppedReading
        case timedOut
        case cancelled
        case failed(code: Int32)
    }

    package let descriptor: Int32
    /// `host:port`, for messages.
    package let peer: String
    /// Received bytes; the unread ones start at `readIndex`.
    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Where `recv` writes before the bytes are appended to `buffer`.
    private var scratch = [UInt8](repeating: 0, count: SocketStream.readSize)
    private var isClosed = false
    /// Every byte received since the connection opened, to tell "nothing arrived" apart.
    package private(set) var receivedByteCount = 0

    /// The most bytes one `recv` takes, and how far consumed bytes may pile up before compaction.
    package static let readSize = 64 * 1024

    package init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    deinit { close() }

    /// The number of received bytes not consumed yet.
    package var available: Int { buffer.count - readIndex }

    /// The received bytes not consumed yet.
    package var unread: ArraySlice<UInt8> { buffer[readIndex...] }

    /// Marks `count` unread bytes as consumed.
    package func consume(_ count: Int) {
        readIndex += min(count, available)
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        }
    }

    /// Appends up to `count` unread bytes to `bytes` and consumes them; returns how many moved.
    package func moveUnread(_ count: Int, to bytes: inout [UInt8]) -> Int {
        let moved = min(count, available)
        bytes.append(contentsOf: buffer[readIndex..<readIndex + moved])
        consume(moved)
        return moved
    }

    /// Drops consumed bytes, so the buffer does not grow across pipelined messages.
    package func compact() {
        guard readIndex > 0 else { return }
        buffer.removeFirst(readIndex)
        readIndex = 0
    }

    /// Closes the socket; later calls do nothing.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        SocketPlatform.closeDescriptor(descriptor)
    }

    /// Waits for more bytes and appends them to ``unread``; ends at the deadline, when the peer
    /// closes, when the server stops or when the owner cancels, whichever comes first.
    package func receive(before deadline: SocketDeadline) -> Received {
        if readIndex >= Self.readSize { compact() }
        while true {
            if deadline.wasCancelled { return .cancelled }
            if deadline.hasPassed { return .timedOut }
            switch waitOnce(for: Int16(POLLIN), deadline: deadline) {
            case .ready: break
            case .notYet: continue
            case .stopped: return .stopped
            case .failed(let code): return .failed(operation: "poll", code: code)
            }
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: scratch[0..<count])
                receivedByteCount += count
                return .bytes
            }
            if count == 0 { return .closed }
            let code = SocketPlatform.lastError
            if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { continue }
            return .failed(operation: "recv", code: code)
        }
    }

    /// Writes all of `bytes`.
    ///
    /// - Parameters:
    ///   - deadline: Bounds the waits of a non-blocking socket (the client's); nil for a blocking
    ///     socket whose send timeout bounds each `send` (the server's), where running out of it is
    ///     a failure.
    ///   - yieldingToAnswer: Stop as soon as the peer has something to say (a server answering
    ///     before it read the whole request), so the caller reads the answer instead of writing on.
    package func write(
        _ bytes: some Collection<UInt8>, deadline: SocketDeadline? = nil, yieldingToAnswer: Bool = false
    ) -> Written {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            if yieldingToAnswer && hasBytesToRead { return .peerStoppedReading }
            let size = min(array.count - offset, Self.readSize)
            let sent = array.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress.map { $0 + offset }, size, SocketPlatform.sendFlags)
            }
            if sent > 0 {
                offset += sent
                continue
            }
            let code = SocketPlatform.lastError
            if sent < 0 && code == EINTR { continue }
            if sent < 0 && (code == EAGAIN || code == EWOULDBLOCK), let deadline {
                if let ended = awaitWritable(before: deadline, orReadable: yieldingToAnswer) { return ended }
                continue
            }
            if code == ECONNRESET || code == EPIPE { return .peerStoppedReading }
            return .failed(code: code)
        }
        return .all
    }

    /// Whether the peer sent something (or closed) that nobody has read yet.
    package var hasBytesToRead: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Makes the coming close a TCP reset, for the mock's `resetAfterBodyBytes` fault.
    package func armReset() {
        SocketPlatform.setResetOnClose(descriptor)
    }

    /// Closes the sending direction, so the peer reads the end of what was sent.
    package func shutdownWriting() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Waits until the socket can be written to (a connection in progress then has its outcome),
    /// or read from too when `orReadable`; nil once it can, else why the wait ended.
    package func awaitWritable(before deadline: SocketDeadline, orReadable: Bool = false) -> Written? {
        let events = Int16(POLLOUT) | (orReadable ? Int16(POLLIN) : 0)
        while true {
            if deadline.wasCancelled { return .cancelled }
            if deadline.hasPassed { return .timedOut }
            switch waitOnce(for: events, deadline: deadline) {
            case .ready: return nil
            case .notYet: continue
            case .stopped: return .cancelled
            case .failed(let code): return .failed(code: code)
            }
        }
    }

    private enum Readiness {
        case ready, notYet, stopped
        case failed(Int32)
    }

    /// One `poll(2)` on the socket (and the stop descriptor, when there is one).
    private func waitOnce(for events: Int16, deadline: SocketDeadline) -> Readiness {
        var entries = [pollfd(fd: descriptor, events: events, revents: 0)]
        if let stop = deadline.stopDescriptor {
            entries.append(pollfd(fd: stop, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&entries, nfds_t(entries.count), deadline.pollMilliseconds)
        if ready < 0 {
            let code = SocketPlatform.lastError
            return code == EINTR ? .notYet : .failed(code)
        }
        if entries.count > 1, entries[1].revents != 0 { return .stopped }
        return ready == 0 ? .notYet : .ready
    }
}
