/// Writes chunked transfer coding (RFC 9112 §7.1), for a body sent as it is read: the client's
/// streamed request to an upstream and the server's streamed response share it.
package enum ChunkedEncoding {
    /// `bytes` as one chunk; nothing for no bytes (an empty chunk would end the body).
    package static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        return Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [0x0D, 0x0A]
    }

    /// The last chunk, with no trailers.
    package static let end = Array("0\r\n\r\n".utf8)
}
