/// Reads one request head (request line and header fields) from a connection, enforcing the
/// size limits and the head timeout before the bytes are parsed.
struct HeadReader {
    enum Outcome {
        case head(RequestHead)
        /// The client closed, stayed idle too long, or the server is stopping: close quietly.
        case closed
        /// Answer with this status and close.
        case rejected(RequestRejection)
    }

    let stream: ConnectionStream
    let configuration: HTTPServer.Configuration
    let stop: StopSignal

    /// Reads the next head. `deadlineForFirstByte` is the head deadline of a fresh connection;
    /// a kept-alive connection (`nil`) instead waits `idleTimeout` for the first byte, and the
    /// head timeout starts once that byte has arrived.
    func read(deadlineForFirstByte: ContinuousClock.Instant?) -> Outcome {
        var headDeadline = deadlineForFirstByte
        let idleDeadline = ContinuousClock.now + configuration.idleTimeout
        var scanned = 0
        while true {
            while stream.unread.starts(with: [0x0D, 0x0A]) {
                stream.consume(2)
                scanned = 0
            }
            if stream.available > 0, headDeadline == nil {
                headDeadline = .now + configuration.headerReadTimeout
            }
            let unread = stream.unread
            let headEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: unread, from: scanned)
            if let rejection = checkLimits(unread, headEnd: headEnd) {
                return .rejected(rejection)
            }
            if let headEnd {
                defer { stream.consume(headEnd + 4 - unread.startIndex) }
                do throws(RequestRejection) {
                    return .head(try RequestHead(parsing: unread[unread.startIndex..<headEnd]))
                } catch {
                    return .rejected(error)
                }
            }
            scanned = max(0, unread.count - 3)
            switch stream.receive(before: headDeadline ?? idleDeadline, stop: stop) {
            case .received:
                continue
            case .closedByPeer, .stopped:
                return .closed
            case .timedOut:
                guard stream.available > 0 else { return .closed }
                return .rejected(
                    RequestRejection(
                        status: 408,
                        message: "the request head did not arrive within \(configuration.headerReadTimeout)"))
            }
        }
    }

    /// 414 for a request line over the limit, 431 for header fields over the limit, checked on
    /// partial input too so that an endless line is refused without buffering it.
    private func checkLimits(_ unread: ArraySlice<UInt8>, headEnd: Int?) -> RequestRejection? {
        let lineEnd = Self.find([0x0D, 0x0A], in: unread, from: 0)
        let lineLength = (lineEnd ?? unread.endIndex) - unread.startIndex
        if lineLength > configuration.maxRequestLineBytes + (lineEnd == nil ? 1 : 0) {
            return RequestRejection(
                status: 414, message: "the request line exceeds \(configuration.maxRequestLineBytes) bytes")
        }
        guard let lineEnd else { return nil }
        let headerBytes = (headEnd.map { $0 + 4 } ?? unread.endIndex) - (lineEnd + 2)
        if headerBytes > configuration.maxHeaderBytes {
            return RequestRejection(
                status: 431, message: "the header fields exceed \(configuration.maxHeaderBytes) bytes")
        }
        return nil
    }

    /// The index of the first occurrence of `pattern` in `bytes`, searching from the
    /// `offset`-th byte on.
    static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>, from offset: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex + offset
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == pattern[0] {
                var matched = true
                for position in 1..<pattern.count where bytes[index + position] != pattern[position] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
