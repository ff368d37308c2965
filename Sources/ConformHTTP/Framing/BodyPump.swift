/// Reads the rest of a body piece by piece, for a body too large to hold: a proxy passes each piece
/// on as it arrives, so memory stays bounded however long the body is.
///
/// It reads the same framing as ``MessageReader/readBody(_:)`` (a length, chunked with trailers, or
/// up to the close) under the same ``FramingRules``, without their body limit. One thread uses it
/// at a time; every wait ends at ``MessageReader/deadline``, which the caller moves before a read.
package final class BodyPump {
    private enum State {
        case length(remaining: Int)
        /// Bytes left in the current chunk; 0 when the next chunk-size line is due.
        case chunked(remaining: Int)
        case untilClose
        case finished
    }

    package var reader: MessageReader
    private var state: State
    /// Data bytes read so far (for fault messages).
    package private(set) var delivered = 0
    /// The trailer fields of a chunked body, once it has ended.
    package private(set) var trailers = HTTPFields()

    package init(reader: MessageReader, framing: BodyFraming) {
        self.reader = reader
        switch framing {
        case .empty: state = .finished
        case .length(let length): state = length == 0 ? .finished : .length(remaining: length)
        case .chunked: state = .chunked(remaining: 0)
        case .untilClose: state = .untilClose
        }
    }

    /// Whether the whole body has been read.
    package var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The next bytes of the body, at most `maximum`; nil once the body has ended.
    package func next(maximum: Int) throws(FramingFault) -> [UInt8]? {
        let stream = reader.stream
        switch state {
        case .finished:
            return nil
        case .length(let remaining):
            if stream.available == 0, try !reader.receiveMore() {
                throw .bodyShorterThanDeclared(received: delivered, declared: delivered + remaining)
            }
            let piece = take(min(remaining, maximum))
            state = remaining == piece.count ? .finished : .length(remaining: remaining - piece.count)
            return piece
        case .untilClose:
            if stream.available == 0, try !reader.receiveMore() {
                state = .finished
                return nil
            }
            return take(maximum)
        case .chunked(let remaining):
            return try nextChunked(remaining: remaining, maximum: maximum)
        }
    }

    private func nextChunked(remaining: Int, maximum: Int) throws(FramingFault) -> [UInt8]? {
        var remaining = remaining
        if remaining == 0 {
            let line: [UInt8]
            switch try reader.readLine(limit: reader.rules.maximumChunkLineBytes) {
            case .line(let read): line = read
            case .tooLong: throw .chunkLineTooLong(preview: Array(reader.stream.unread.prefix(40)))
            case .closed: throw .closedMidChunkedBody(received: delivered)
            }
            remaining = try ChunkSize.parse(line, strict: reader.rules.isStrict)
            if remaining == 0 {
                trailers = try reader.readTrailers(received: delivered)
                state = .finished
                return nil
            }
        }
        if reader.stream.available == 0, try !reader.receiveMore() {
            throw .closedMidChunkedBody(received: delivered)
        }
        let piece = take(min(remaining, maximum))
        remaining -= piece.count
        if remaining == 0 { try reader.readChunkEnd(size: piece.count, received: delivered) }
        state = .chunked(remaining: remaining)
        return piece
    }

    /// Moves up to `count` received bytes out of the stream's buffer.
    private func take(_ count: Int) -> [UInt8] {
        var piece: [UInt8] = []
        let moved = reader.stream.moveUnread(count, to: &piece)
        delivered += moved
        return piece
    }
}
