#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SocketStream {
    /// Connects to `host:port` for the client, trying each resolved address until one accepts
    /// before `deadline`; the socket is non-blocking, so every later wait goes through `poll(2)`.
    static func connect(host: String, port: Int, deadline: ExchangeDeadline) throws(TransportError)
        -> SocketStream
    {
        let peer = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SocketPlatform.streamSocketType
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
            let fd = socket(current.pointee.ai_family, SocketPlatform.streamSocketType, 0)
            guard fd >= 0 else { continue }
            let stream = SocketStream(descriptor: fd, peer: peer)
            SocketPlatform.prepare(fd)
            SocketPlatform.setNonBlocking(fd, true)
            SocketPlatform.setNoDelay(fd)
            if SocketPlatform.connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                return stream
            }
            let code = SocketPlatform.lastError
            guard code == EINPROGRESS else {
                lastError =
                    code == ECONNREFUSED
                    ? .connectionRefused(peer) : .other(SocketPlatform.describe(error: code))
                continue
            }
            try stream.waitUntilConnected(deadline)
            var result: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &result, &length)
            if result == 0 { return stream }
            lastError =
                result == ECONNREFUSED
                ? .connectionRefused(peer)
                : .other("connect to \(peer): \(SocketPlatform.describe(error: result))")
        }
        throw lastError
    }

    /// Waits until a connection in progress is writable (connected or failed).
    private func waitUntilConnected(_ deadline: ExchangeDeadline) throws(TransportError) {
        switch awaitWritable(before: deadline.socketDeadline) {
        case nil, .all, .peerStoppedReading: return
        case .timedOut: throw deadline.timedOutError
        case .cancelled: throw .cancelled
        case .failed(let code): throw .other("poll: \(SocketPlatform.describe(error: code))")
        }
    }
}
