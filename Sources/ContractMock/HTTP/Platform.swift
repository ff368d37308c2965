#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few places where the socket API differs between Linux (Glibc) and macOS (Darwin).
enum Platform {
    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes.
    static var streamSocketType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Flags for `send(2)`: on Linux `MSG_NOSIGNAL` turns a write to a closed peer into `EPIPE`
    /// instead of killing the process; macOS uses the `SO_NOSIGPIPE` socket option instead.
    static var sendFlags: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    /// `close(2)`, named so it does not collide with methods called `close`.
    static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// The current `errno`.
    static var lastError: Int32 { errno }

    /// The C library's description of an error number, for example "Address already in use".
    static func describe(error code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Sets an integer socket option, returning whether it worked.
    @discardableResult
    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) -> Bool {
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Options every socket of the server gets: close-on-exec (so child processes such as a
    /// spawned CLI do not inherit it) and, on macOS, no `SIGPIPE` on writes to a closed peer.
    static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    /// Switches a descriptor between blocking and non-blocking mode.
    static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Bounds how long a blocking `send` may wait for a client that stopped reading.
    static func setSendTimeout(_ fd: Int32, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var value = timeval()
        value.tv_sec = .init(max(0, seconds))
        value.tv_usec = .init(max(0, attoseconds / 1_000_000_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes the next `close` send a TCP reset instead of an orderly shutdown.
    static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Keeps the process alive when a peer goes away while we write to it.
    static func ignoreBrokenPipeSignals() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Milliseconds left until `deadline` for `poll(2)`: 0 when past, capped to fit an `Int32`.
    static func pollTimeout(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = deadline - .now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: milliseconds)
    }

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
                        "\(Self.string(fromNullTerminated: text)):\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return
                        "[\(Self.string(fromNullTerminated: text))]:\(UInt16(bigEndian: address.pointee.sin6_port))"
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
