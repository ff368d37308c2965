import Foundation
import JSONSchema

/// The changes a server may make to text it stores without losing it, as a property's schema lets
/// a client expect them: case and surrounding spaces for an e-mail address or a host name, the
/// case of a URI's scheme and host, the case of a UUID, and whatever the description says the
/// server does (`case-insensitive`, `lowercased`, `normalized`, `trimmed`). Any other change of
/// text is a loss: a title stored lowercased is not the title sent.
struct TextNormalisation {
    let schema: JSONValue?

    /// Words in a description that say the server rewrites the text it stores.
    static let describedWords = [
        "case-insensitive", "case insensitive", "lowercase", "lower case", "lowercased", "uppercase",
        "upper case", "uppercased", "normalized", "normalised", "normalize", "normalise", "trimmed", "slug",
    ]

    /// A property's format, or that of the one alternative that names one (`anyOf: [{format:
    /// email}, {type: null}]`, as frameworks write optional properties).
    var format: String? {
        if let format = schema?["format"]?.stringValue { return format.lowercased() }
        for key in ["anyOf", "oneOf"] {
            let named = (schema?[key]?.arrayValue ?? []).compactMap { $0["format"]?.stringValue }
            if Set(named).count == 1 { return named[0].lowercased() }
        }
        return nil
    }

    func allows(_ sent: String, _ stored: String) -> Bool {
        switch format {
        case "email", "idn-email", "hostname", "idn-hostname", "uuid":
            return Self.folded(sent) == Self.folded(stored) || Self.folded(sent) + "." == Self.folded(stored)
        case "uri", "url", "iri", "uri-reference", "iri-reference":
            return Self.uriKey(sent) == Self.uriKey(stored)
        default:
            break
        }
        let description = (schema?["description"]?.stringValue ?? "").lowercased()
        if Self.describedWords.contains(where: description.contains) {
            return Self.folded(sent) == Self.folded(stored)
        }
        return false
    }

    static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// A URI with its scheme and host in lower case and an empty path written as `/`.
    static func uriKey(_ text: String) -> String {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)) else {
            return text
        }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if components.host != nil, components.path.isEmpty { components.path = "/" }
        return components.string ?? text
    }
}
