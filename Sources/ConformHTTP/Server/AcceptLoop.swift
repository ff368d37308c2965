import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Accepts connections until the stop signal fires, starting one thread per connection.
///
/// It owns the listening socket and closes it on the way out, then signals `finished` so that
/// `shutdown()` knows no new connection can appear.
struct AcceptLoop: Sendable {
    let listener: ListeningSocket
    let context: ConnectionContext
    let finished: DispatchSemaphore

    func run() {
        defer {
            SocketPlatform.closeDescriptor(listener.descriptor)
            finished.signal()
        }
        var entries = [
            pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: context.stop.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            entries[0].revents = 0
            entries[1].revents = 0
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 {
                if SocketPlatform.lastError == EINTR { continue }
                context.logger?(
                    "accept loop: poll failed: \(SocketPlatform.describe(error: SocketPlatform.lastError))")
                return
            }
            if entries[1].revents != 0 { return }
            guard entries[0].revents != 0 else { continue }
            acceptPending()
        }
    }

    /// Accepts every connection that is waiting.
    private func acceptPending() {
        while let (fd, remoteAddress) = listener.accept() {
            guard context.registry.register(fd, limit: context.configuration.maxConnections) else {
                refuse(fd)
                continue
            }
            let context = context
            let thread = Thread {
                HTTPConnection(descriptor: fd, remoteAddress: remoteAddress, context: context).run()
            }
            thread.name = "HTTPServer connection \(remoteAddress)"
            thread.start()
        }
        let code = SocketPlatform.lastError
        if code == EMFILE || code == ENFILE {
            context.logger?("accept: \(SocketPlatform.describe(error: code)); retrying shortly")
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Answers 503 to a connection over `maxConnections` and closes it.
    private func refuse(_ fd: Int32) {
        let message = "too many connections (limit \(context.configuration.maxConnections))\n"
        let text =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(message.utf8.count)\r\nConnection: close\r\n\r\n\(message)"
        SocketPlatform.setNonBlocking(fd, true)
        _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, SocketPlatform.sendFlags) }
        SocketPlatform.closeDescriptor(fd)
        context.logger?(
            "refused a connection: \(context.configuration.maxConnections) connections already open")
    }
}
