/// The status line and headers of an HTTP/1.x response, and what they say about the body's framing.
struct ResponseHead: Sendable {
    var version: String
    var status: Int
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
        var fieldLines: [HeaderField] = []
        for line in lines.dropFirst() {
            if line.first == 0x20 || line.first == 0x09, let last = fieldLines.indices.last {
                // An obsolete folded line continues the previous header's value.
                fieldLines[last].value += " " + Self.trimmed(line)
                continue
            }
            guard let field = field(Array(line)) else {
                throw .malformedResponse(
                    "the header line \"\(String(decoding: line.prefix(60), as: UTF8.self))\" has no name and colon"
                )
            }
            fieldLines.append(field)
        }
        return ResponseHead(
            version: String(decoding: parts[0], as: UTF8.self), status: status,
            headers: HTTPFields(fieldLines))
    }

    /// One `Name: value` line, or nil when it has no colon or an empty name.
    static func field(_ line: [UInt8]) -> HeaderField? {
        guard let colon = line.firstIndex(of: 0x3A), colon > 0 else { return nil }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        guard !name.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return HeaderField(name, trimmed(line[(colon + 1)...]))
    }

    private static func trimmed(_ bytes: some Collection<UInt8>) -> String {
        let text = Array(bytes.drop { $0 == 0x20 || $0 == 0x09 })
        let end = text.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? 0
        return String(decoding: text[..<end], as: UTF8.self)
    }

    func values(_ name: String) -> [String] {
        headers.values(for: name)
    }

    /// Chunked when `chunked` is the last transfer coding.
    var isChunked: Bool {
        let codings = values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
        return codings.last.map { $0.trimmingSpaces.lowercased() == "chunked" } ?? false
    }

    /// Whether the server lets the connection carry another request.
    var keepsAlive: Bool {
        let tokens = values("Connection").flatMap { $0.split(separator: ",") }.map {
            $0.trimmingSpaces.lowercased()
        }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// The declared body length; nil when absent. Values that disagree, or that are not a
    /// non-negative decimal number, are framing faults.
    func contentLength() throws(TransportError) -> Int? {
        let raw = values("Content-Length")
        guard !raw.isEmpty else { return nil }
        let all = raw.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
            $0.trimmingSpaces
        }
        if Set(all).count > 1 { throw .conflictingContentLength(raw) }
        guard let text = all.first, !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCIIDigit),
            let length = Int(text)
        else { throw .invalidContentLength(raw.joined(separator: ", ")) }
        return length
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
