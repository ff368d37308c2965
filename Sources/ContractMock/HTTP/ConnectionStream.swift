#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client socket with a read buffer, used by exactly one connection thread.
///
/// Reads never block past a deadline: every wait goes through `poll(2)`, optionally together
/// with the server's stop signal so that idle connections close promptly on shutdown.
final class ConnectionStream {
    /// What a wait for more bytes ended with.
    enum ReadOutcome {
        case received
        case closedByPeer
        case timedOut
        case stopped
    }

    let descriptor: Int32
    /// Received bytes; the unread ones start at `readIndex`.
    private(set) var buffer: [UInt8] = []
    private(set) var readIndex = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The number of received bytes not consumed yet.
    var available: Int { buffer.count - readIndex }

    /// The unread bytes.
    var unread: ArraySlice<UInt8> { buffer[readIndex...] }

    /// Marks `count` unread bytes as consumed.
    func consume(_ count: Int) {
        readIndex += min(count, available)
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        }
    }

    /// Drops consumed bytes so the buffer does not grow across pipelined requests.
    func compact() {
        guard readIndex > 0 else { return }
        buffer.removeFirst(readIndex)
        readIndex = 0
    }

    /// Waits until more bytes arrive, the peer closes, `deadline` passes or, when `stop` is
    /// given, the server begins to shut down.
    func receive(before deadline: ContinuousClock.Instant, stop: StopSignal?) -> ReadOutcome {
        while true {
            var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if let stop {
                entries.append(pollfd(fd: stop.readDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let timeout = Platform.pollTimeout(until: deadline)
            let ready = poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0 {
                if Platform.lastError == EINTR { continue }
                return .closedByPeer
            }
            if entries.count > 1, entries[1].revents != 0 {
                return .stopped
            }
            if ready == 0 {
                if ContinuousClock.now >= deadline { return .timedOut }
                continue
            }
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: scratch[0..<count])
                return .received
            }
            if count < 0, Platform.lastError == EINTR || Platform.lastError == EAGAIN {
                continue
            }
            return .closedByPeer
        }
    }

    /// Writes all of `bytes`; returns `false` when the peer is gone or stopped reading for
    /// longer than the send timeout.
    @discardableResult
    func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let sent = array.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Platform.sendFlags)
            }
            if sent < 0 {
                if Platform.lastError == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Makes the coming close a TCP reset, for the `resetAfterBodyBytes` fault.
    func armReset() {
        Platform.setResetOnClose(descriptor)
    }
}
