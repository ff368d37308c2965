/// The path and query of a request-target or URL, split and percent-decoded.
///
/// The server reads a received target strictly (``init(parsing:method:)``): a malformed `%` escape
/// or a path that is not UTF-8 once decoded is a client error (400), not something a handler should
/// have to guess about. A message reads its own URL leniently (``init(reading:)``), keeping such
/// text as it is, since a URL Conform sends may be deliberately odd.
package struct RequestTarget: Sendable {
    package var path: String
    package var rawPath: String
    package var rawQuery: String?
    package var query: [(name: String, value: String)]

    /// The target in origin form: the raw path and query (`/menu?x=1`).
    package var origin: String {
        rawQuery.map { rawPath + "?" + $0 } ?? rawPath
    }

    /// Reads a received request-target strictly: origin form (`/menu?x=1`), absolute form
    /// (`http://host/menu`) or `*` with `OPTIONS`.
    package init(parsing target: String, method: String) throws(RequestRejection) {
        if target == "*" {
            guard method == "OPTIONS" else {
                throw .badRequest("the target \"*\" is only allowed with OPTIONS")
            }
        } else if !target.hasPrefix("/") && Self.authorityEnd(of: target) == nil {
            throw .badRequest("the request target must start with \"/\" or be an absolute http(s) URL")
        }
        (rawPath, rawQuery) = Self.split(target)
        path = try PercentDecoding.decode(rawPath, plusIsSpace: false, what: "path")
        query = try Self.decodeQuery(rawQuery) { (text) throws(RequestRejection) in
            try PercentDecoding.decode(text, plusIsSpace: true, what: "query")
        }
    }

    /// Reads any URL or target leniently: escapes that do not decode are kept as sent.
    package init(reading url: String) {
        (rawPath, rawQuery) = Self.split(url)
        let lenient = { (text: Substring, plusIsSpace: Bool) -> String in
            (try? PercentDecoding.decode(text, plusIsSpace: plusIsSpace, what: "")) ?? String(text)
        }
        path = lenient(Substring(rawPath), false)
        query = Self.decodeQuery(rawQuery) { lenient($0, true) }
    }

    /// The end of `scheme://authority` in an absolute http(s) URL, nil for other text.
    private static func authorityEnd(of text: String) -> String.Index? {
        let lowered = text.prefix(8).lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let schemeEnd = text.range(of: "://")
        else { return nil }
        let afterScheme = text[schemeEnd.upperBound...]
        return afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
    }

    /// The raw path (`/` when an absolute URL has none) and the raw query, without any fragment.
    private static func split(_ target: String) -> (String, String?) {
        if target == "*" { return ("*", nil) }
        var rest = Substring(target)
        if let end = authorityEnd(of: target) {
            rest = target[end...]
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }

    /// The `name=value` pairs of a raw query, each part decoded by `decode`.
    private static func decodeQuery<Failure: Error>(
        _ raw: String?, decode: (Substring) throws(Failure) -> String
    ) throws(Failure) -> [(name: String, value: String)] {
        guard let raw, !raw.isEmpty else { return [] }
        var pairs: [(name: String, value: String)] = []
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let name = equals.map { pair[..<$0] } ?? pair
            let value = equals.map { pair[pair.index(after: $0)...] } ?? ""
            pairs.append((name: try decode(name), value: try decode(value)))
        }
        return pairs
    }
}
