/// A URI reference split into its RFC 3986 components, with reference resolution.
///
/// Schemas identify each other with `$id` and `$ref`, which are resolved against a base URI
/// without any network access, so the validator carries its own small resolver instead of relying
/// on `URL`, whose parsing rejects or rewrites some identifiers the suite uses (URNs, `file:` paths).
struct URIReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
        }
    }

    /// The reference text, recomposed.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The reference without its fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `self` against `base` (RFC 3986 section 5.2.2).
    func resolved(against base: URIReference) -> URIReference {
        var target = URIReference("")
        if scheme != nil {
            target = self
            target.path = Self.removingDotSegments(path)
            return target
        }
        target.scheme = base.scheme
        if authority != nil {
            target.authority = authority
            target.path = Self.removingDotSegments(path)
            target.query = query
        } else {
            target.authority = base.authority
            if path.isEmpty {
                target.path = base.path
                target.query = query ?? base.query
            } else {
                target.path = Self.removingDotSegments(path.hasPrefix("/") ? path : merged(with: base))
                target.query = query
            }
        }
        target.fragment = fragment
        return target
    }

    private func merged(with base: URIReference) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    private static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/") && !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// Resolves reference text against base text.
    static func resolve(_ reference: String, against base: String) -> URIReference {
        URIReference(reference).resolved(against: URIReference(base))
    }
}
