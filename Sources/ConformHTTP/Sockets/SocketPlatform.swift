#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few places where the socket API differs between Linux (Glibc) and macOS (Darwin), for the
/// client's and the server's sockets alike.
package enum SocketPlatform {
    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes.
    package static var streamSocketType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Flags for `send(2)`: on Linux `MSG_NOSIGNAL` turns a write to a closed peer into `EPIPE`
    /// instead of killing the process; macOS uses the `SO_NOSIGPIPE` socket option instead.
    package static var sendFlags: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    /// `close(2)`, named so it does not collide with methods called `close`.
    package static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// The current `errno`.
    package static var lastError: Int32 { errno }

    /// The C library's description of an error number, for example "Address already in use".
    package static func describe(error code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Sets an integer socket option, returning whether it worked.
    @discardableResult
    package static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) -> Bool {
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Options every socket gets: close-on-exec (so child processes such as a spawned CLI do not
    /// inherit it) and, on macOS, no `SIGPIPE` on writes to a closed peer.
    package static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    /// Switches a descriptor between blocking and non-blocking mode.
    package static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Bounds how long a blocking `send` may wait for a client that stopped reading.
    package static func setSendTimeout(_ fd: Int32, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var value = timeval()
        value.tv_sec = .init(max(0, seconds))
        value.tv_usec = .init(max(0, attoseconds / 1_000_000_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes the next `close` send a TCP reset instead of an orderly shutdown.
    package static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Turns off Nagle's algorithm, so a small request or response leaves at once.
    package static func setNoDelay(_ fd: Int32) {
        setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
    }

    /// `connect(2)`, named so it does not collide with methods called `connect`.
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(fd, address, length)
        #else
            Darwin.connect(fd, address, length)
        #endif
    }

    /// Keeps the process alive when a peer goes away while we write to it.
    package static func ignoreBrokenPipeSignals() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Milliseconds left until `deadline` for `poll(2)`: 0 when past, capped to fit an `Int32`.
    package static func pollTimeout(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = deadline - .now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: milliseconds)
    }
}
