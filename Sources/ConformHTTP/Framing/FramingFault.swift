/// What went wrong while reading a message's framing, in terms neither side owns: the client turns
/// it into a ``TransportError`` (a finding about the server), the server into a
/// ``RequestRejection`` (a 4xx answer) or a quiet close.
package enum FramingFault: Error, Equatable {
    /// The wait's deadline passed.
    case timedOut
    /// The owner of the exchange gave up.
    case cancelled
    /// The server started to stop.
    case stopped
    /// A system call failed: its name and `errno`.
    case socketFailed(operation: String, code: Int32)
    /// The peer closed before a head was complete; `received` bytes of it had arrived.
    case closedInHead(received: Int)
    /// The start line is longer than `limit` bytes.
    case startLineTooLong(limit: Int)
    /// The header fields after the start line exceed `limit` bytes.
    case fieldSectionTooLarge(limit: Int)
    /// The body is larger than `limit` bytes, declared or as it arrives.
    case bodyTooLarge(limit: Int)
    /// The connection closed after `received` of the `declared` Content-Length bytes.
    case bodyShorterThanDeclared(received: Int, declared: Int)
    /// A chunk-size line ran past its limit; `preview` is its start.
    case chunkLineTooLong(preview: [UInt8])
    /// A chunk-size line that is not one.
    case invalidChunkSize(line: [UInt8], problem: ChunkSize.Problem)
    /// The data of a chunk of `size` bytes is not followed by its line ending.
    case chunkNotTerminated(size: Int)
    /// The connection closed inside a chunked body, after `received` bytes of data.
    case closedMidChunkedBody(received: Int)
    /// The trailer section exceeds `limit` bytes.
    case trailersTooLarge(limit: Int)
    /// A trailer line that is not a field (strict rules only).
    case malformedTrailer(line: [UInt8])
}
