/// How one side reads the framing of the messages it receives: its limits, and how strict it is.
///
/// The server is strict, because ambiguous framing is how requests are smuggled past a proxy: only
/// CRLF ends a line, a chunk size is exactly `hex [; extensions]`, trailer lines must be fields, a
/// close inside the trailers is a broken request, and empty lines before a request line are skipped
/// (RFC 9112 §2.2). The client is lenient, because it reads servers as they are in order to judge
/// them: a bare LF ends a line, spaces in a chunk size are ignored, a malformed trailer line is
/// dropped and a close ends the trailers.
package struct FramingRules: Sendable {
    package var isStrict: Bool
    /// The largest body accepted, checked while the bytes arrive.
    package var maximumBodyBytes: Int
    /// The longest start line (request line or status line) accepted.
    package var maximumStartLineBytes: Int
    /// The most bytes of header fields after the start line; trailers get the same allowance.
    package var maximumFieldBytes: Int
    /// The longest chunk-size line (size plus extensions) accepted.
    package var maximumChunkLineBytes: Int

    /// The largest response head section the client reads: the status line and the header fields
    /// may each take this much.
    package static let clientHeadLimit = 64 * 1024

    /// What Conform's client accepts from the servers it checks.
    package static func client(maximumBodyBytes: Int) -> FramingRules {
        FramingRules(
            isStrict: false, maximumBodyBytes: maximumBodyBytes, maximumStartLineBytes: clientHeadLimit,
            maximumFieldBytes: clientHeadLimit, maximumChunkLineBytes: 1024)
    }

    /// What Conform's server accepts from its clients.
    package static func server(
        maximumBodyBytes: Int, maximumRequestLineBytes: Int, maximumHeaderBytes: Int
    ) -> FramingRules {
        FramingRules(
            isStrict: true, maximumBodyBytes: maximumBodyBytes,
            maximumStartLineBytes: maximumRequestLineBytes,
            maximumFieldBytes: maximumHeaderBytes, maximumChunkLineBytes: 4096)
    }
}
