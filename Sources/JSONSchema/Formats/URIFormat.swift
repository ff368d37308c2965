/// URIs, IRIs and their references (RFC 3986, RFC 3987) and URI templates (RFC 6570).
enum URIFormat {
    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)

    static func isURI(_ text: String, reference: Bool, international: Bool) -> Bool {
        let parsed = URIReference(text)
        if parsed.scheme == nil && !reference { return false }
        if parsed.scheme == nil, let colon = parsed.path.firstIndex(of: ":"),
            !parsed.path[..<colon].contains("/")
        {
            return false
        }
        if let authority = parsed.authority, !isAuthority(authority, international: international) {
            return false
        }
        let pathExtra: Set<Unicode.Scalar> = [":", "@", "/"]
        let queryExtra: Set<Unicode.Scalar> = [":", "@", "/", "?"]
        guard isEncoded(parsed.path, extra: pathExtra, international: international) else { return false }
        if let query = parsed.query, !isEncoded(query, extra: queryExtra, international: international) {
            return false
        }
        if let fragment = parsed.fragment,
            !isEncoded(fragment, extra: queryExtra, international: international)
        {
            return false
        }
        return true
    }

    private static func isAuthority(_ authority: String, international: Bool) -> Bool {
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") {
            guard isEncoded(String(host[..<at]), extra: [":"], international: international) else {
                return false
            }
            host = host[host.index(after: at)...]
        }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = String(host[host.index(after: host.startIndex)..<close])
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else {
                return false
            }
            return NetworkFormat.isIPv6(literal) || literal.lowercased().hasPrefix("v")
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return false
            }
            host = host[..<colon]
        }
        return isEncoded(String(host), extra: [], international: international)
    }

    private static func isEncoded(_ text: String, extra: Set<Unicode.Scalar>, international: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].isASCII, scalars[index + 2].isASCII,
                    UInt8(scalars[index + 1].value).isHexDigit, UInt8(scalars[index + 2].value).isHexDigit
                else { return false }
                index += 3
                continue
            }
            let allowed =
                unreserved.contains(scalar) || subDelimiters.contains(scalar) || extra.contains(scalar)
                || (international && scalar.value > 0xA0 && !(0xE000...0xF8FF).contains(scalar.value))
            guard allowed else { return false }
            index += 1
        }
        return true
    }

    /// RFC 6570 template syntax: literals, and expressions `{op var:3,list*}`.
    static func isURITemplate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}"),
                    isExpression(Array(scalars[(index + 1)..<close]))
                else { return false }
                index = close + 1
                continue
            }
            if scalar == "%" {
                guard isPercentEncoded(scalars, index) else { return false }
                index += 3
                continue
            }
            let forbidden: Set<Unicode.Scalar> = [" ", "\"", "<", ">", "\\", "^", "`", "|", "}"]
            guard scalar.value > 0x20, scalar.value != 0x7F, !forbidden.contains(scalar) else { return false }
            index += 1
        }
        return true
    }

    private static func isPercentEncoded(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        index + 2 < scalars.count
            && [scalars[index + 1], scalars[index + 2]].allSatisfy {
                $0.isASCII && UInt8($0.value).isHexDigit
            }
    }

    private static func isExpression(_ body: [Unicode.Scalar]) -> Bool {
        var body = body[...]
        if let first = body.first, "+#./;?&".unicodeScalars.contains(first) { body = body.dropFirst() }
        let specs = body.split(separator: ",", omittingEmptySubsequences: false)
        return !specs.isEmpty && specs.allSatisfy { isVariableSpec(Array($0)) }
    }

    private static func isVariableSpec(_ spec: [Unicode.Scalar]) -> Bool {
        var name = spec[...]
        if spec.last == "*" {
            name = spec.dropLast()
        } else if let colon = spec.firstIndex(of: ":") {
            let length = spec[(colon + 1)...]
            guard (1...4).contains(length.count), length.first != "0",
                length.allSatisfy({ ("0"..."9").contains($0) })
            else { return false }
            name = spec[..<colon]
        }
        guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
        var index = name.startIndex
        var previousDot = false
        while index < name.endIndex {
            let scalar = name[index]
            if scalar == "%" {
                guard isPercentEncoded(Array(name), index - name.startIndex) else { return false }
                index += 3
                previousDot = false
                continue
            }
            if scalar == "." {
                guard !previousDot else { return false }
                previousDot = true
            } else {
                guard scalar.isASCII,
                    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                else { return false }
                previousDot = false
            }
            index += 1
        }
        return true
    }
}
