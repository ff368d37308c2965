/// The request line and header fields of one request, validated but not yet interpreted.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    var headers: HTTPFields

    /// Parses the head, `bytes` being everything before the blank line that ends it
    /// (request line and header lines separated by CRLF).
    init(parsing bytes: ArraySlice<UInt8>) throws(RequestRejection) {
        var lines = Self.splitLines(bytes)
        guard !lines.isEmpty else { throw .badRequest("empty request line") }
        let requestLine = lines.removeFirst()
        (method, target, version) = try Self.parseRequestLine(requestLine)
        headers = HTTPFields()
        for line in lines {
            let (name, value) = try Self.parseField(line)
            headers.add(name, value)
        }
    }

    /// Splits on CRLF; a lone CR or LF inside a line is rejected later as a control character.
    static func splitLines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    private static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) throws(RequestRejection) -> (String, String, String) {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .badRequest(
                "the request line must be \"METHOD target HTTP/1.1\" separated by single spaces")
        }
        guard !parts[0].isEmpty, parts[0].allSatisfy(FieldLine.isTokenByte) else {
            throw .badRequest("invalid method \(FieldLine.quoted(parts[0]))")
        }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest(
                "invalid request target: it must be non-empty visible ASCII (percent-encode the rest)")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        switch version {
        case "HTTP/1.1", "HTTP/1.0":
            break
        default:
            let bytes = Array(parts[2])
            let wellFormed =
                bytes.count == 8 && bytes.starts(with: Array("HTTP/".utf8)) && isDigit(bytes[5])
                && bytes[6] == 0x2E && isDigit(bytes[7])
            if wellFormed {
                throw RequestRejection(
                    status: 505, message: "\(version) is not supported, use HTTP/1.1 or HTTP/1.0")
            }
            throw .badRequest("invalid HTTP version \(FieldLine.quoted(parts[2]))")
        }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), version)
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws(RequestRejection) -> (String, String) {
        guard !line.isEmpty else { throw .badRequest("empty header line") }
        do {
            let field = try FieldLine.read(line, strict: true)
            return (field.name, field.value)
        } catch {
            switch error {
            case .folded:
                throw .badRequest(
                    "obsolete line folding (a header line starting with whitespace) is not allowed")
            case .noColon:
                throw .badRequest("header line without a colon: \(FieldLine.quoted(line))")
            case .invalidName(let name):
                throw .badRequest("invalid header name \(FieldLine.quoted(name))")
            case .controlCharacter(let name):
                throw .badRequest("control character in the value of header \(FieldLine.quoted(name))")
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
