import ContractKit

/// The request-target split into its decoded path and query parameters.
///
/// Decoding is strict: a malformed `%` escape or a path that is not UTF-8 once decoded is a
/// client error (400), not something a handler should have to guess about.
struct RequestTarget {
    var path: String
    var rawPath: String
    var query: [(name: String, value: String)]

    init(parsing target: String, method: String) throws(RequestRejection) {
        var pathAndQuery = Substring(target)
        if target == "*" {
            guard method == "OPTIONS" else {
                throw .badRequest("the target \"*\" is only allowed with OPTIONS")
            }
            path = "*"
            rawPath = "*"
            query = []
            return
        }
        if !target.hasPrefix("/") {
            let lowered = target.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
                let schemeEnd = target.range(of: "://")
            else {
                throw .badRequest("the request target must start with \"/\" or be an absolute http(s) URL")
            }
            let afterAuthority = target[schemeEnd.upperBound...]
            pathAndQuery =
                afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] }
                ?? ""
            if !pathAndQuery.hasPrefix("/") { pathAndQuery = "/" + pathAndQuery }
        }
        if let fragment = pathAndQuery.firstIndex(of: "#") {
            pathAndQuery = pathAndQuery[..<fragment]
        }
        let rawQuery: Substring?
        if let mark = pathAndQuery.firstIndex(of: "?") {
            rawPath = String(pathAndQuery[..<mark])
            rawQuery = pathAndQuery[pathAndQuery.index(after: mark)...]
        } else {
            rawPath = String(pathAndQuery)
            rawQuery = nil
        }
        path = try Self.percentDecode(rawPath, plusIsSpace: false, what: "path")
        query = []
        guard let rawQuery, !rawQuery.isEmpty else { return }
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = pair.firstIndex(of: "=") {
                name = pair[..<equals]
                value = pair[pair.index(after: equals)...]
            } else {
                name = pair
                value = ""
            }
            query.append(
                (
                    name: try Self.percentDecode(name, plusIsSpace: true, what: "query"),
                    value: try Self.percentDecode(value, plusIsSpace: true, what: "query")
                ))
        }
    }

    /// Decodes `%XX` escapes (and `+` in queries) and checks that the result is UTF-8.
    static func percentDecode(
        _ text: some StringProtocol, plusIsSpace: Bool, what: String
    ) throws(RequestRejection) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < input.count, let high = hexValue(input[index + 1]),
                    let low = hexValue(input[index + 2])
                else {
                    throw .badRequest(
                        "invalid percent-encoding in the \(what): \"%\" must be followed by two hex digits")
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        guard let decoded = String(strictUTF8: output) else {
            throw .badRequest("the \(what) is not valid UTF-8 once percent-decoded")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    /// Decodes UTF-8, or returns `nil` when the bytes are not valid UTF-8.
    ///
    /// `String(validating:as:)` needs macOS 15; decoding with replacement and checking that
    /// nothing was replaced is exact and works everywhere.
    init?(strictUTF8 bytes: some Collection<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
