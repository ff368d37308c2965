package import ConformHTTP
package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of the test scaffolding itself, with a readable message.
package struct TestFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A parsed response read off a raw socket.
package struct RawResponse {
    package var status: Int
    package var headers: HTTPFields
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client that sends exactly the bytes a test wants, including malformed ones,
/// and reads responses without any HTTP library smoothing things over.
package final class RawClient {
    package let descriptor: Int32
    private var buffer: [UInt8] = []

    package init(port: Int, host: String = "127.0.0.1") throws {
        let isIPv6 = host.contains(":")
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        var connected: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            _ = close(fd)
            throw TestFailure("connect to \(host):\(port) failed: errno \(errno)")
        }
        descriptor = fd
    }

    deinit {
        _ = close(descriptor)
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Sends bytes; returns `false` when the server already closed or reset the connection.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                systemSend(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, flags)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    package func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Reads more bytes within `timeout`: the count read, 0 at end of stream, -1 on error or
    /// reset, `nil` on timeout.
    private func fill(timeout: Duration) -> Int? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&entry, 1, milliseconds) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
        return count
    }

    /// Reads one response; a body without `Content-Length` extends to the end of the stream.
    package func readResponse(timeout: Duration = .seconds(5), isHead: Bool = false) throws -> RawResponse {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let response = try takeResponse(isHead: isHead, complete: false) { return response }
            let remaining = deadline - .now
            guard remaining > .zero else { throw TestFailure("no complete response within \(timeout)") }
            guard let count = fill(timeout: remaining) else { continue }
            if count <= 0 {
                if let response = try takeResponse(isHead: isHead, complete: true) { return response }
                throw TestFailure(
                    "connection ended before a complete response (\(buffer.count) bytes buffered)")
            }
        }
    }

    private func takeResponse(isHead: Bool, complete: Bool) throws -> RawResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = (0..<max(0, buffer.count - 3)).first(where: { Array(buffer[$0..<$0 + 4]) == separator })
        else { return nil }
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TestFailure("bad status line \(lines[0])")
        }
        var headers = HTTPFields()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let bodyStart = end + 4
        let length: Int
        if isHead || status == 204 || status == 304 || (100..<200).contains(status) {
            length = 0
        } else if let declared = headers["Content-Length"].flatMap({ Int($0) }) {
            length = declared
        } else if complete {
            length = buffer.count - bodyStart
        } else {
            return nil
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Waits for the server to close the connection, discarding anything it sends; returns
    /// whether it closed (or reset) within `timeout`.
    package func waitForClose(timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let count = fill(timeout: deadline - .now) else { continue }
            if count <= 0 { return true }
        }
        return false
    }

    /// Whether the connection ended with a reset or an orderly close, read from the stream.
    package func readUntilEnd(timeout: Duration = .seconds(5)) -> (bytes: [UInt8], wasReset: Bool)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let count = fill(timeout: deadline - .now) else { continue }
            if count == 0 { return (buffer, false) }
            if count < 0 { return (buffer, errno == ECONNRESET) }
        }
        return nil
    }
}

private func systemSend(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, pointer, count, flags)
}
