/// Reads HTTP/1.x messages off a ``SocketStream``: a head up to the empty line that ends it, then a
/// body framed by `Content-Length`, chunked transfer coding (trailers included) or the end of the
/// connection (``readBody(_:)``).
///
/// The client reads responses with it and the mock server requests, so framing, its limits and
/// its deadlines are written once; ``FramingRules`` says how strict each side is. Every wait goes
/// through ``deadline``, and every limit is checked while bytes arrive, before they pile up.
package struct MessageReader {
    package let stream: SocketStream
    package let rules: FramingRules
    /// Bounds every wait; a caller may move it between the head and the body.
    package var deadline: SocketDeadline

    package init(stream: SocketStream, rules: FramingRules, deadline: SocketDeadline) {
        self.stream = stream
        self.rules = rules
        self.deadline = deadline
    }

    /// One line read by ``readLine(limit:)``.
    enum Line {
        case line([UInt8])
        /// More than the limit arrived without a line ending.
        case tooLong
        /// The connection closed first.
        case closed
    }

    /// Reads one head and returns its bytes, without the empty line that ends it.
    ///
    /// - Parameter firstByteGrace: When given, ``deadline`` is how long to wait for the first byte
    ///   (an idle kept-alive connection); once it arrives, the rest of the head has this long.
    /// - Throws: `closedInHead` when the connection closes first, a limit fault, or a wait fault.
    package mutating func readHead(firstByteGrace: Duration? = nil) throws(FramingFault) -> [UInt8] {
        var scanned = 0
        var grace = firstByteGrace
        while true {
            if rules.isStrict { scanned = skipEmptyLines() ? 0 : scanned }
            if let wait = grace, stream.available > 0 {
                deadline.instant = .now + wait
                grace = nil
            }
            let end = headEnd(from: scanned)
            try checkHeadLimits(headEnd: end)
            if let end {
                let head = Array(stream.unread.prefix(end.start))
                stream.consume(end.start + end.length)
                return head
            }
            scanned = max(0, stream.available - 3)
            guard try receiveMore() else { throw .closedInHead(received: stream.available) }
        }
    }

    /// Skips the empty lines a client may send before a request line; returns whether it did.
    private func skipEmptyLines() -> Bool {
        var skipped = false
        while stream.unread.starts(with: [0x0D, 0x0A]) {
            stream.consume(2)
            skipped = true
        }
        return skipped
    }

    /// The offset of the empty line ending the head in ``SocketStream/unread`` and the length of the
    /// line endings that make it, searching from the `offset`-th byte on.
    private func headEnd(from offset: Int) -> (start: Int, length: Int)? {
        let unread = stream.unread
        var index = unread.startIndex + offset
        while index + 1 < unread.endIndex {
            if rules.isStrict {
                if unread[index] == 0x0D, index + 3 < unread.endIndex, unread[index + 1] == 0x0A,
                    unread[index + 2] == 0x0D, unread[index + 3] == 0x0A
                {
                    return (index - unread.startIndex, 4)
                }
            } else if unread[index] == 0x0A {
                if unread[index + 1] == 0x0A { return (index - unread.startIndex, 2) }
                if index + 2 < unread.endIndex, unread[index + 1] == 0x0D, unread[index + 2] == 0x0A {
                    return (index - unread.startIndex, 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the first line ending in ``SocketStream/unread`` and its length.
    private func lineEnd(from offset: Int) -> (start: Int, length: Int)? {
        let unread = stream.unread
        var index = unread.startIndex + offset
        while index < unread.endIndex {
            if unread[index] == 0x0A, !rules.isStrict {
                let hasCR = index > unread.startIndex && unread[index - 1] == 0x0D
                return hasCR ? (index - 1 - unread.startIndex, 2) : (index - unread.startIndex, 1)
            }
            if unread[index] == 0x0D, index + 1 < unread.endIndex, unread[index + 1] == 0x0A, rules.isStrict {
                return (index - unread.startIndex, 2)
            }
            index += 1
        }
        return nil
    }

    /// The start-line and field limits, checked on partial input too, so that an endless line is
    /// refused without being buffered.
    private func checkHeadLimits(headEnd: (start: Int, length: Int)?) throws(FramingFault) {
        let line = lineEnd(from: 0)
        let lineLength = line?.start ?? stream.available
        if lineLength > rules.maximumStartLineBytes + (line == nil ? 1 : 0) {
            throw .startLineTooLong(limit: rules.maximumStartLineBytes)
        }
        guard let line else { return }
        let fieldBytes =
            (headEnd.map { $0.start + $0.length } ?? stream.available) - (line.start + line.length)
        if fieldBytes > rules.maximumFieldBytes {
            throw .fieldSectionTooLarge(limit: rules.maximumFieldBytes)
        }
    }

    /// Reads one line of at most `limit` bytes (line ending aside) and consumes it; the line is
    /// returned without its ending.
    func readLine(limit: Int) throws(FramingFault) -> Line {
        var searched = 0
        while true {
            if let end = lineEnd(from: searched) {
                let line = Array(stream.unread.prefix(end.start))
                stream.consume(end.start + end.length)
                return .line(line)
            }
            if stream.available > limit + 2 { return .tooLong }
            searched = max(0, stream.available - 1)
            guard try receiveMore() else { return .closed }
        }
    }

    /// Waits for more bytes; returns false when the peer closed the connection.
    func receiveMore() throws(FramingFault) -> Bool {
        switch stream.receive(before: deadline) {
        case .bytes: return true
        case .closed: return false
        case .timedOut: throw .timedOut
        case .stopped: throw .stopped
        case .cancelled: throw .cancelled
        case .failed(let operation, let code): throw .socketFailed(operation: operation, code: code)
        }
    }
}
