#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bound, listening TCP socket in non-blocking mode (the accept loop polls it).
struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    /// Resolves `host` (a literal or a name such as `localhost`), then binds the first address
    /// that works, preferring IPv4 so that `localhost` means `127.0.0.1` on every system.
    init(host: String, port: Int, backlog: Int32 = 128) throws(HTTPServerError) {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        let candidates = try Self.resolve(host: host, port: port)
        var lastError: Int32 = EADDRNOTAVAIL
        for address in candidates {
            let fd = socket(Int32(address.family), Platform.streamSocketType, 0)
            guard fd >= 0 else {
                lastError = Platform.lastError
                continue
            }
            Platform.prepare(fd)
            Platform.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            let bound = address.storage.withUnsafeBytes { raw in
                raw.withMemoryRebound(to: sockaddr.self) { pointer in
                    bind(fd, pointer.baseAddress, address.length)
                }
            }
            guard bound == 0 else {
                lastError = Platform.lastError
                Platform.closeDescriptor(fd)
                continue
            }
            guard listen(fd, backlog) == 0 else {
                let code = Platform.lastError
                Platform.closeDescriptor(fd)
                throw .socketFailed(operation: "listen", errno: code)
            }
            var actual = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &actual) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0, let actualPort = Platform.port(of: actual) else {
                let code = Platform.lastError
                Platform.closeDescriptor(fd)
                throw .socketFailed(operation: "getsockname", errno: code)
            }
            Platform.setNonBlocking(fd, true)
            descriptor = fd
            self.port = actualPort
            return
        }
        throw .bindFailed(host: host, port: port, errno: lastError)
    }

    private struct Candidate {
        var family: Int32
        var storage: [UInt8]
        var length: socklen_t
    }

    private static func resolve(host: String, port: Int) throws(HTTPServerError) -> [Candidate] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocketType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == 0 ? "no addresses" : String(cString: gai_strerror(status))
            throw .invalidHost(host: host, reason: reason)
        }
        defer { freeaddrinfo(first) }
        var candidates: [Candidate] = []
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let entry = current {
            let info = entry.pointee
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                let bytes = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                candidates.append(
                    Candidate(family: info.ai_family, storage: Array(bytes), length: info.ai_addrlen))
            }
            current = info.ai_next
        }
        guard !candidates.isEmpty else {
            throw .invalidHost(host: host, reason: "it resolves to no IPv4 or IPv6 address")
        }
        return candidates.filter { $0.family == AF_INET } + candidates.filter { $0.family == AF_INET6 }
    }

    /// Accepts one pending connection as a blocking socket, with its peer's address, or `nil`
    /// when none is pending or the attempt failed (the reason is in `errno`).
    func accept() -> (descriptor: Int32, remoteAddress: String)? {
        var peer = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.accept(descriptor, $0, &length)
                #else
                    Darwin.accept(descriptor, $0, &length)
                #endif
            }
        }
        guard fd >= 0 else { return nil }
        Platform.prepare(fd)
        Platform.setNonBlocking(fd, false)
        Platform.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        return (fd, Platform.describe(address: peer))
    }
}
