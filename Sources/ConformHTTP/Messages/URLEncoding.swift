import Foundation

/// Percent-encoding for the parts of a request URL that Conform builds.
public enum URLEncoding {
    private static let queryAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+;#")
        return set
    }()

    /// What a query value keeps unencoded with `allowReserved`: RFC 3986's unreserved and
    /// reserved characters, except those that would end the pair (`&`, `#`) or read as a space (`+`).
    private static let reservedAllowed: CharacterSet = {
        var set = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?[]@!$'()*,;=")
        set.remove(charactersIn: "&#+")
        return set
    }()

    /// A query name or value, with `&`, `=`, `+`, `;` and `#` encoded too.
    public static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    /// `base` + `path` + `?name=value&…`, with the base's trailing slash dropped.
    public static func url(base: String, path: String, query: [(name: String, value: String)]) -> String {
        url(base: base, path: path, query: query.map { ($0.name, $0.value, false) })
    }

    /// `base` + `path` + `?name=value&…`; a value whose parameter allows reserved characters keeps them.
    public static func url(
        base: String, path: String, query: [(name: String, value: String, allowReserved: Bool)]
    ) -> String {
        var url = base.hasSuffix("/") ? String(base.dropLast()) : base
        url += path
        if !query.isEmpty {
            url +=
                "?"
                + query.map { item in
                    let value =
                        item.allowReserved
                        ? item.value.addingPercentEncoding(withAllowedCharacters: reservedAllowed)
                            ?? item.value
                        : Self.query(item.value)
                    return "\(Self.query(item.name))=\(value)"
                }.joined(separator: "&")
        }
        return url
    }
}
