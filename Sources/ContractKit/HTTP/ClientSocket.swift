#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection of the HTTP client: non-blocking I/O where every wait is a `poll(2)` bounded
/// by the exchange's deadline, so no read, write or connect can outlive it.
///
/// A class because a connection has identity (it moves between an exchange and the keep-alive
/// pool); it is used by one exchange at a time, which is why it may cross threads.
final class ClientSocket: @unchecked Sendable {
    let descriptor: Int32
    /// `host:port`, for messages.
    let peer: String
    /// Bytes read past the end of the previous response (none on a healthy keep-alive connection).
    var pending: [UInt8] = []
    /// Where `recv` writes before the bytes are appended to a reader's buffer.
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    private init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    deinit { close() }

    private var isClosed = false

    func close() {
        guard !isClosed else { return }
        isClosed = true
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Connects to `host:port`, trying each resolved address until one accepts before `deadline`.
    static func connect(host: String, port: Int, deadline: ExchangeDeadline) throws(TransportError)
        -> ClientSocket
    {
        let peer = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        var list: UnsafeMutablePointer<addrinfo>?
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bareHost, String(port), &hints, &list) == 0, let first = list else {
            throw .hostNotFound(host)
        }
        defer { freeaddrinfo(first) }
        var lastError: TransportError = .connectionRefused(peer)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            let fd = socket(current.pointee.ai_family, streamSocketType, 0)
            guard fd >= 0 else { continue }
            let connection = ClientSocket(descriptor: fd, peer: peer)
            connection.prepare()
            if Glibc_connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                return connection
            }
            guard errno == EINPROGRESS else {
                lastError = errno == ECONNREFUSED ? .connectionRefused(peer) : .other(describe(errno))
                continue
            }
            do {
                try connection.wait(for: Int16(POLLOUT), deadline: deadline)
            } catch {
                throw error
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code == 0 { return connection }
            lastError =
                code == ECONNREFUSED
                ? .connectionRefused(peer) : .other("connect to \(peer): \(describe(code))")
        }
        throw lastError
    }

    /// Writes `bytes` before `deadline`. Returns false when the server stopped reading first: it
    /// answered early (a 413 to a large body) or closed its side; the caller then reads the answer.
    func write(_ bytes: [UInt8], deadline: ExchangeDeadline) throws(TransportError) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if hasBytesToRead { return false }
            let size = min(bytes.count - offset, 64 * 1024)
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, size, Self.sendFlags)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                try wait(for: Int16(POLLOUT) | Int16(POLLIN), deadline: deadline)
            } else if errno == ECONNRESET || errno == EPIPE {
                return false
            } else {
                throw .other("sending to \(peer): \(Self.describe(errno))")
            }
        }
        return true
    }

    private var hasBytesToRead: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Reads what is available (at most `maximum` bytes) into `buffer`; returns 0 at end of stream.
    func read(into buffer: inout [UInt8], maximum: Int, deadline: ExchangeDeadline) throws(TransportError)
        -> Int
    {
        if !pending.isEmpty {
            let count = min(maximum, pending.count)
            buffer.append(contentsOf: pending.prefix(count))
            pending.removeFirst(count)
            return count
        }
        let wanted = min(maximum, scratch.count)
        while true {
            let received = scratch.withUnsafeMutableBytes { raw in
                recv(descriptor, raw.baseAddress, wanted, 0)
            }
            let code = errno
            if received >= 0 {
                buffer.append(contentsOf: scratch[..<received])
                return received
            }
            switch code {
            case EAGAIN, EWOULDBLOCK, EINTR: try wait(for: Int16(POLLIN), deadline: deadline)
            case ECONNRESET: throw .connectionReset("while reading the response from \(peer)")
            default: throw .other("reading from \(peer): \(Self.describe(code))")
            }
        }
    }

    /// Whether an idle pooled connection is still usable: nothing to read (no EOF, no stray bytes).
    var isIdleAndOpen: Bool { !hasBytesToRead }

    /// Waits until the socket is ready for `events`, in slices so a cancelled exchange stops soon.
    private func wait(for events: Int16, deadline: ExchangeDeadline) throws(TransportError) {
        while true {
            try deadline.check()
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, min(deadline.pollMilliseconds, 100))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .other("poll: \(Self.describe(errno))") }
        }
    }

    private func prepare() {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(
            descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static var streamSocketType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    private static var sendFlags: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }
}

/// `connect(2)`, named so it does not collide with `ClientSocket.connect`.
private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.connect(fd, address, length)
    #else
        Darwin.connect(fd, address, length)
    #endif
}
