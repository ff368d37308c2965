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
            let fd = socket(Int32(address.family), SocketPlatform.streamSocketType, 0)
            guard fd >= 0 else {
                lastError = SocketPlatform.lastError
                continue
            }
            SocketPlatform.prepare(fd)
            SocketPlatform.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            let bound = address.storage.withUnsafeBytes { raw in
                raw.withMemoryRebound(to: sockaddr.self) { pointer in
                    bind(fd, pointer.baseAddress, address.length)
                }
            }
            guard bound == 0 else {
                lastError = SocketPlatform.lastError
                SocketPlatform.closeDescriptor(fd)
                continue
            }
            guard listen(fd, backlog) == 0 else {
                let code = SocketPlatform.lastError
                SocketPlatform.closeDescriptor(fd)
                throw .socketFailed(operation: "listen", errno: code)
            }
            var actual = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &actual) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0, let actualPort = Self.port(of: actual) else {
                let code = SocketPlatform.lastError
                SocketPlatform.closeDescriptor(fd)
                throw .socketFailed(operation: "getsockname", errno: code)
            }
            SocketPlatform.setNonBlocking(fd, true)
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
        hints.ai_socktype = SocketPlatform.streamSocketType
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
        SocketPlatform.prepare(fd)
        SocketPlatform.setNonBlocking(fd, false)
        SocketPlatform.setNoDelay(fd)
        return (fd, Self.describe(address: peer))
    }
}

extension ListeningSocket {
    /// `host:port`, with IPv6 addresses in brackets, from a socket address.
    static func describe(address storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    return
                        "\(string(fromNullTerminated: text)):\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return
                        "[\(string(fromNullTerminated: text))]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
        default:
            return "unknown"
        }
    }

    private static func string(fromNullTerminated characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The port a socket address carries, or `nil` for other families.
    static func port(of storage: sockaddr_storage) -> Int? {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer -> Int? in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default:
                nil
            }
        }
    }
}
