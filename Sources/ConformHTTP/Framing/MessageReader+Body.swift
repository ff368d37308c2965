extension MessageReader {
    /// A body as read: its bytes (de-chunked) and the trailer fields of a chunked body.
    package struct Body {
        package var bytes: [UInt8] = []
        package var trailers = HTTPFields()
    }

    /// Reads a body framed by `framing`, enforcing ``FramingRules/maximumBodyBytes`` while the
    /// bytes arrive (a declared length over it is refused before reading).
    package func readBody(_ framing: BodyFraming) throws(FramingFault) -> Body {
        switch framing {
        case .empty:
            return Body()
        case .length(let length):
            guard length <= rules.maximumBodyBytes else { throw .bodyTooLarge(limit: rules.maximumBodyBytes) }
            var bytes: [UInt8] = []
            try append(length, to: &bytes) { received in
                .bodyShorterThanDeclared(received: received, declared: length)
            }
            return Body(bytes: bytes)
        case .chunked:
            return try readChunked()
        case .untilClose:
            return Body(bytes: try readUntilClose())
        }
    }

    /// Moves `count` bytes into `bytes` as they arrive; `closed` names the fault when the
    /// connection ends first, from the number of bytes in `bytes` by then.
    private func append(
        _ count: Int, to bytes: inout [UInt8], closed: (Int) -> FramingFault
    ) throws(FramingFault) {
        var remaining = count
        while remaining > 0 {
            if stream.available == 0 {
                guard try receiveMore() else { throw closed(bytes.count) }
            }
            reserve(min(remaining, stream.available), in: &bytes)
            remaining -= stream.moveUnread(remaining, to: &bytes)
        }
    }

    /// Makes room for `more` bytes, growing to the next power of two but never past the body limit:
    /// a body at the limit then holds at most the limit and half of it while it grows (an array left
    /// to double from an odd first size, or from a capacity rounded a few bytes short, copies itself
    /// once more at the end, to twice the limit).
    private func reserve(_ more: Int, in bytes: inout [UInt8]) {
        let needed = bytes.count + more
        guard needed > bytes.capacity else { return }
        let power = needed <= 1 ? 1 : 1 << (Int.bitWidth - (needed - 1).leadingZeroBitCount)
        bytes.reserveCapacity(max(needed, min(power, rules.maximumBodyBytes)))
    }

    private func readUntilClose() throws(FramingFault) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            reserve(stream.available, in: &bytes)
            _ = stream.moveUnread(stream.available, to: &bytes)
            if bytes.count > rules.maximumBodyBytes { throw .bodyTooLarge(limit: rules.maximumBodyBytes) }
            guard try receiveMore() else { return bytes }
        }
    }

    private func readChunked() throws(FramingFault) -> Body {
        var bytes: [UInt8] = []
        let limit = rules.maximumBodyBytes
        while true {
            let line: [UInt8]
            switch try readLine(limit: rules.maximumChunkLineBytes) {
            case .line(let read): line = read
            case .tooLong: throw .chunkLineTooLong(preview: Array(stream.unread.prefix(40)))
            case .closed: throw .closedMidChunkedBody(received: bytes.count)
            }
            let size = try ChunkSize.parse(line, strict: rules.isStrict)
            if size == 0 { break }
            guard size <= limit - bytes.count else { throw .bodyTooLarge(limit: limit) }
            try append(size, to: &bytes) { .closedMidChunkedBody(received: $0) }
            try readChunkEnd(size: size, received: bytes.count)
        }
        return Body(bytes: bytes, trailers: try readTrailers(received: bytes.count))
    }

    /// Consumes the line ending after a chunk's data: CRLF, or a bare LF under lenient rules.
    func readChunkEnd(size: Int, received: Int) throws(FramingFault) {
        let needed = rules.isStrict ? 2 : 1
        while stream.available < needed || (stream.unread.first == 0x0D && stream.available < 2) {
            guard try receiveMore() else { throw .closedMidChunkedBody(received: received) }
        }
        let unread = stream.unread
        let first = unread[unread.startIndex]
        if first == 0x0A, !rules.isStrict {
            stream.consume(1)
        } else if first == 0x0D, unread[unread.startIndex + 1] == 0x0A {
            stream.consume(2)
        } else {
            throw .chunkNotTerminated(size: size)
        }
    }

    /// Reads the trailer section up to its empty line, within the field allowance.
    func readTrailers(received: Int) throws(FramingFault) -> HTTPFields {
        var fields = HTTPFields()
        var total = 0
        let limit = rules.maximumFieldBytes
        while true {
            let line: [UInt8]
            switch try readLine(limit: limit - total) {
            case .line(let read): line = read
            case .tooLong: throw .trailersTooLarge(limit: limit)
            case .closed:
                // A server that closes instead of ending its trailers has sent the whole body.
                guard rules.isStrict else { return fields }
                throw .closedMidChunkedBody(received: received)
            }
            if line.isEmpty { return fields }
            total += line.count + 2
            guard total <= limit else { throw .trailersTooLarge(limit: limit) }
            if let field = FieldLine.parse(line, strict: rules.isStrict) {
                fields.append(field)
            } else if rules.isStrict {
                throw .malformedTrailer(line: line)
            }
        }
    }
}
