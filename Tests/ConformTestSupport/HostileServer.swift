package import ConformHTTP
package import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP server that answers with raw bytes, so a test can break HTTP in ways a real
/// server library never would: dripping bodies, endless chunks, conflicting lengths, resets.
///
/// Each connection runs on its own thread with blocking I/O; `script` gets the request and a
/// connection to write to, and the connection closes when the script returns (unless it asks to
/// keep it for the next request).
package final class HostileServer: @unchecked Sendable {
    package struct Request: Sendable {
        package var method: String
        package var target: String
        package var headers: HTTPFields
        package var body: [UInt8]
        package var raw: String

        package func header(_ name: String) -> String? {
            headers.last { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The server's end of one connection.
    package final class Connection: @unchecked Sendable {
        package let fd: Int32
        /// Set by a script to keep the connection open for another request.
        package var keepOpen = false
        /// Whether the server was stopped: an endless script must end with its test, or the client
        /// side (URLSession, which winds a cancelled transfer down slowly under load) keeps reading.
        package let isStopped: @Sendable () -> Bool
        package init(fd: Int32, isStopped: @escaping @Sendable () -> Bool = { false }) {
            self.fd = fd
            self.isStopped = isStopped
        }

        /// Writes bytes; false once the client has gone.
        @discardableResult
        package func write(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                if isStopped() { return false }
                let sent = bytes[offset...].withUnsafeBytes {
                    send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }

        @discardableResult
        package func write(_ text: String) -> Bool { write(Array(text.utf8)) }

        /// Closes with a TCP reset instead of an orderly close.
        package func reset() {
            var option = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
    }

    package typealias Script = @Sendable (Request, Connection) -> Void

    package let port: Int
    private let listener: Int32
    private let script: Script
    private let state = Locked<(requests: [Request], stopped: Bool)>(([], false))

    /// Every request received so far.
    package var requests: [Request] { state.current.requests }

    package init(script: @escaping Script) throws {
        self.script = script
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            self.port = 0
            throw CocoaError(.fileWriteUnknown)
        }
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: storage.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    package func stop() {
        state.withLock { $0.stopped = true }
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = close(listener)
    }

    private func acceptLoop() {
        while !state.current.stopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if state.current.stopped { return }
                continue
            }
            let thread = Thread { [self] in serve(fd) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        let connection = Connection(fd: fd) { [state] in state.current.stopped }
        defer { close(fd) }
        while true {
            guard let request = Self.readRequest(fd, buffer: &buffer) else { return }
            state.withLock { $0.requests.append(request) }
            connection.keepOpen = false
            script(request, connection)
            if !connection.keepOpen { return }
        }
    }

    private static func readRequest(_ fd: Int32, buffer: inout [UInt8]) -> Request? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        func fill() -> Bool {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
        var end: Int?
        while end == nil {
            if let range = buffer.firstRange(of: terminator) { end = range.upperBound; break }
            guard fill() else { return nil }
        }
        guard let headEnd = end else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let requestLine = lines.removeFirst().split(separator: " ")
        let headers = lines.compactMap { line -> HeaderField? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HeaderField(
                String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let length =
            headers.last { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        while buffer.count < headEnd + length { guard fill() else { return nil } }
        let body = Array(buffer[headEnd..<headEnd + length])
        buffer.removeFirst(headEnd + length)
        return Request(
            method: requestLine.first.map(String.init) ?? "",
            target: requestLine.dropFirst().first.map(String.init) ?? "",
            headers: HTTPFields(headers), body: body, raw: head + String(decoding: body, as: UTF8.self))
    }
}
