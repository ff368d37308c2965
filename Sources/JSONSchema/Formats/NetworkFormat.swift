/// Host names, IP addresses and e-mail addresses (RFC 1123, RFC 2673, RFC 4291, RFC 5321).
enum NetworkFormat {
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isDigit) else { return false }
            if part.count > 1 && part.first == UInt8(ascii: "0") { return false }
            guard let value = Int(String(decoding: part, as: UTF8.self)), value <= 255 else { return false }
        }
        return true
    }

    static func isIPv6(_ text: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 128 }) else { return false }
        var groups = 0
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        for (position, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                let isLast = position == halves.count - 1 && index == pieces.count - 1
                if isLast && piece.contains(".") {
                    guard isIPv4(String(piece)) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(piece.count), piece.utf8.allSatisfy(\.isHexDigit) else {
                        return false
                    }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    private static let ideographicDots: Set<Character> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// RFC 1123 host names; with `international`, RFC 5890 IDNs (U-labels) too. `xn--` labels
    /// must be valid Punycode that decodes to a valid U-label.
    static func isHostname(_ text: String, international: Bool) -> Bool {
        let name = international ? String(text.map { ideographicDots.contains($0) ? "." : $0 }) : text
        guard !name.isEmpty else { return false }
        var labels: [String] = []
        var length = 0
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { return false }
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                guard label.utf8.count <= 63, label.first != "-", label.last != "-",
                    label.unicodeScalars.allSatisfy({
                        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
                    })
                else { return false }
                length += label.utf8.count + 1
                let lower = label.lowercased()
                if lower.hasPrefix("xn--") {
                    let encoded = String(lower.dropFirst(4))
                    guard let decoded = Punycode.decode(encoded), Punycode.encode(decoded) == encoded,
                        IDNLabel.isValid(decoded)
                    else { return false }
                    labels.append(decoded)
                } else {
                    guard !(lower.count >= 4 && lower.dropFirst(2).hasPrefix("--")) else { return false }
                    labels.append(lower)
                }
            } else {
                guard international, IDNLabel.isValid(String(label)),
                    let encoded = Punycode.encode(String(label)),
                    encoded.utf8.count + 4 <= 63
                else { return false }
                length += encoded.utf8.count + 5
                labels.append(String(label))
            }
        }
        guard length - 1 <= 253 else { return false }
        if labels.contains(where: { $0.unicodeScalars.contains(where: IDNLabel.isRightToLeft) }) {
            return labels.allSatisfy(IDNLabel.satisfiesBidiRule)
        }
        return true
    }

    static func isEmail(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = String(text[text.index(after: at)...])
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
            let specials = Set("!#$%&'*+-/=?^_`{|}~.".unicodeScalars)
            for scalar in local.unicodeScalars {
                let ok =
                    (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || specials.contains(scalar) || (international && !scalar.isASCII)
                guard ok else { return false }
            }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = String(domain.dropFirst().dropLast())
            if literal.lowercased().hasPrefix("ipv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(literal)
        }
        return isHostname(domain, international: international)
    }
}
