import Foundation

/// Percent-encoding for the parts of a request URL that Conform builds.
public enum URLEncoding {
    private static let queryAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+;#")
        return set
    }()

    /// A query name or value, with `&`, `=`, `+`, `;` and `#` encoded too.
    public static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    /// `base` + `path` + `?name=value&…`, with the base's trailing slash dropped.
    public static func url(base: String, path: String, query: [(name: String, value: String)]) -> String {
        var url = base.hasSuffix("/") ? String(base.dropLast()) : base
        url += path
        if !query.isEmpty {
            url += "?" + query.map { "\(Self.query($0.name))=\(Self.query($0.value))" }.joined(separator: "&")
        }
        return url
    }
}
