public import ConformHTTP
public import ContractKit

/// The request and response of a case as plain text, the way an HTTP exchange reads on the wire.
///
/// Bodies are whatever bytes the server sent: invalid UTF-8 is decoded with U+FFFD replacement here,
/// and each report escapes the result for its own format. Long bodies are cut so one huge response
/// cannot swamp a report.
public enum Transcript {
    /// `GET https://host/path`, the headers, a blank line and the body; the whole cut to `limit`
    /// bytes.
    public static func request(_ request: HTTPRequest, limit: Int) -> String {
        let head = ["\(request.method) \(request.url)"] + request.headers.map { "\($0.name): \($0.value)" }
        return assemble(head, body: request.body, limit: limit)
    }

    /// `HTTP 200 (12 ms)`, the headers, a blank line and the body; the whole cut to `limit` bytes.
    public static func response(_ response: HTTPResponse, limit: Int) -> String {
        let head =
            ["HTTP \(response.status) (\(ReportFormatting.human(response.duration)))"]
            + response.headers.map { "\($0.name): \($0.value)" }
        return assemble(head, body: response.body, limit: limit)
    }

    /// Both halves of a case's exchange, or a note saying what is missing.
    public static func exchange(of item: CaseResult, limit: Int) -> String {
        var parts: [String] = []
        if let record = item.request { parts.append(request(record, limit: limit)) }
        if let record = item.response {
            // Redirects followed (--follow-redirects), each hop on its own line.
            parts += record.redirects.map { "(redirect) \($0)" }
            parts.append(response(record, limit: limit))
        } else if item.request != nil {
            parts.append("(no response" + (item.reason.map { ": \($0)" } ?? "") + ")")
        }
        return parts.joined(separator: "\n\n")
    }

    private static func assemble(_ head: [String], body: [UInt8], limit: Int) -> String {
        var bytes = Array(head.joined(separator: "\n").utf8)
        if !body.isEmpty { bytes += Array("\n\n".utf8) + body }
        return decode(bytes, limit: limit)
    }

    /// Decodes at most `limit` bytes as UTF-8 (never splitting a character: a cut falls back to the
    /// previous character boundary) and says how long the whole was when it had to cut.
    public static func decode(_ bytes: [UInt8], limit: Int) -> String {
        guard bytes.count > max(0, limit) else { return String(decoding: bytes, as: UTF8.self) }
        var end = max(0, limit)
        // Step back over continuation bytes so the cut lands between characters.
        var steps = 0
        while end > 0, steps < 3, bytes[end] & 0xC0 == 0x80 {
            end -= 1
            steps += 1
        }
        let kept = String(decoding: bytes[..<end], as: UTF8.self)
        return kept + "\n… (truncated, \(bytes.count) bytes in all)"
    }
}
