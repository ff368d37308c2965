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

    static func isHostname(_ text: String, international: Bool) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 || international else { return false }
        if international
            && text.unicodeScalars.contains(where: { ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) })
        {
            return isHostname(
                String(text.map { ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) ? "." : $0 }),
                international: true)
        }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63 || international, label.first != "-",
                label.last != "-"
            else { return false }
            let scalars = label.unicodeScalars
            if scalars.count > 63 { return false }
            let lower = label.lowercased()
            if lower.hasPrefix("xn--") {
                guard Punycode.decode(String(lower.dropFirst(4))) != nil else { return false }
            } else if scalars.count >= 4, Array(scalars)[2] == "-", Array(scalars)[3] == "-" {
                return false
            }
            for scalar in scalars {
                if scalar.isASCII {
                    guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                    else { return false }
                } else if !international {
                    return false
                } else if !isAllowedInternational(scalar) {
                    return false
                }
            }
        }
        return true
    }

    private static func isAllowedInternational(_ scalar: Unicode.Scalar) -> Bool {
        let disallowed: Set<UInt32> = [
            0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B, 0x0640, 0x07FA,
        ]
        if disallowed.contains(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .otherLetter, .modifierLetter, .titlecaseLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .otherNumber:
            return true
        case .otherPunctuation:
            return [0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB].contains(scalar.value)
        case .format:
            return scalar.value == 0x200C || scalar.value == 0x200D
        default:
            return false
        }
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
