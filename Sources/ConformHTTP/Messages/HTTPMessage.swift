/// What every HTTP message Conform handles has in common, whichever side made it: header fields
/// read by one rule (``HTTPFields``) and a body of bytes.
///
/// ``HTTPRequest`` and ``HTTPResponse`` conform, so code that only reads a message (its media
/// type, a header, the body's size) is written once for requests and responses alike.
public protocol HTTPMessage: Sendable {
    /// The header fields in the order they were sent.
    var headers: HTTPFields { get }
    /// The body as bytes; empty when there is none.
    var body: [UInt8] { get }
}

extension HTTPMessage {
    /// The value of header `name` under ``HTTPFields``' rule: repeated lines joined with `", "`
    /// (RFC 9110 §5.3), `Set-Cookie` giving its first line.
    public func header(_ name: String) -> String? {
        headers[name]
    }

    /// The media type without parameters, lowercased (`application/json`), or nil when the
    /// message names none.
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let essence = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = essence.filter { $0 != " " && $0 != "\t" }.lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }
}
