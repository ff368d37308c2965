/// The status line and headers of an HTTP/1.x response, and what they say about the body's framing.
struct ResponseHead: Sendable {
    var version: String
    var status: Int
    /// The reason phrase as sent (often empty or not the standard one), so a response can be passed
    /// on as it came.
    var reason: String
    var headers: HTTPFields

    /// Parses the bytes of a head, from the status line through the blank line.
    static func parse(_ bytes: [UInt8]) throws(TransportError) -> ResponseHead {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw .malformedResponse("an empty response head") }
        let parts = statusLine.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: true)
        let shown = String(decoding: statusLine.prefix(60), as: UTF8.self)
        guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)),
            parts[1].count == 3, let status = Int(String(decoding: parts[1], as: UTF8.self)),
            (100...999).contains(status)
        else {
            throw .malformedResponse(
                "the status line \"\(shown)\" is not \"HTTP/1.x <3-digit status> <reason>\"")
        }
        var fieldLines: HTTPFields = []
        for line in lines.dropFirst() {
            if line.first == 0x20 || line.first == 0x09, let last = fieldLines.indices.last {
                // An obsolete folded line continues the previous header's value.
                fieldLines[last].value += " " + FieldLine.trimmed(line)
                continue
            }
            guard let field = FieldLine.parse(line, strict: false) else {
                throw .malformedResponse(
                    "the header line \"\(String(decoding: line.prefix(60), as: UTF8.self))\" has no name and colon"
                )
            }
            fieldLines.append(field)
        }
        return ResponseHead(
            version: String(decoding: parts[0], as: UTF8.self), status: status,
            reason: parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : "", headers: fieldLines)
    }

    func values(_ name: String) -> [String] {
        headers.values(for: name)
    }

    /// Chunked when `chunked` is the last transfer coding.
    var isChunked: Bool {
        let codings = values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
        return codings.last.map { $0.trimmingASCIIWhitespace().lowercased() == "chunked" } ?? false
    }

    /// Whether the server lets the connection carry another request.
    var keepsAlive: Bool {
        let tokens = values("Connection").flatMap { $0.split(separator: ",") }.map {
            $0.trimmingASCIIWhitespace().lowercased()
        }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// The declared body length; nil when absent. Values that disagree, or that are not a
    /// non-negative decimal number, are framing faults.
    func contentLength() throws(TransportError) -> Int? {
        let raw = values("Content-Length")
        switch BodyFraming.declaredLength(raw) {
        case .absent: return nil
        case .value(let length): return length
        case .conflicting: throw .conflictingContentLength(raw)
        case .notANumber, .tooLong: throw .invalidContentLength(raw.joined(separator: ", "))
        }
    }

    /// How the body of this response to a `method` request is framed (RFC 9112 §6.3): none for
    /// `HEAD`, 101, 204 and 304; chunked when `chunked` is the last transfer coding; else by
    /// `Content-Length`; else until the server closes the connection.
    func bodyFraming(method: String) throws(TransportError) -> BodyFraming {
        if method == "HEAD" || status == 204 || status == 304 || status == 101 { return .empty }
        if isChunked { return .chunked }
        if let length = try contentLength() { return .length(length) }
        return .untilClose
    }
}
