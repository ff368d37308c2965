/// Valid values for the `format`s that API contracts use.
///
/// Servers often validate formats even though JSON Schema 2020-12 treats them as annotations, so
/// a generated `email` must look like an email. Random values vary the parts that servers parse
/// (dates, hosts, addresses); `boundaries` lists the spellings that tend to break parsers: offsets,
/// fractional seconds, leap days, compressed IPv6, IPv4 extremes.
package enum FormatValues {
    package static let supported: Set<String> = [
        "date-time", "date", "time", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uuid", "duration", "json-pointer",
        "relative-json-pointer", "uri-template", "regex",
    ]

    package static func random(_ format: String, using rng: inout SeededRandom) -> String? {
        switch format {
        case "date-time":
            return date(&rng) + "T" + time(&rng)
        case "date":
            return date(&rng)
        case "time":
            return time(&rng)
        case "email", "idn-email":
            return word(&rng, 3...8) + (rng.chance(0.3) ? "." + word(&rng, 2...5) : "") + "@" + host(&rng)
        case "hostname", "idn-hostname":
            return host(&rng)
        case "ipv4":
            return (0..<4).map { _ in String(rng.int(in: 0...255)) }.joined(separator: ".")
        case "ipv6":
            let groups = (0..<8).map { _ in String(rng.int(in: 0...0xFFFF), radix: 16) }
            return groups.joined(separator: ":")
        case "uri", "iri":
            return "https://" + host(&rng) + "/" + word(&rng, 1...8)
                + (rng.chance(0.4) ? "?q=" + word(&rng, 1...5) : "")
        case "uri-reference", "iri-reference":
            return rng.chance(0.5)
                ? "/" + word(&rng, 1...8) + "/" + word(&rng, 1...8) : random("uri", using: &rng)
        case "uuid":
            return uuid(&rng)
        case "duration":
            return "P\(rng.int(in: 0...30))DT\(rng.int(in: 0...23))H\(rng.int(in: 0...59))M"
        case "json-pointer":
            return "/" + word(&rng, 1...6) + "/" + String(rng.int(in: 0...9))
        case "relative-json-pointer":
            return String(rng.int(in: 0...3)) + (rng.chance(0.2) ? "#" : "/" + word(&rng, 1...6))
        case "uri-template":
            return "https://" + host(&rng) + "/" + word(&rng, 1...6) + "/{" + word(&rng, 1...6) + "}"
        case "regex":
            return "^[a-z]+$"
        default:
            return nil
        }
    }

    /// Valid but parser-unfriendly spellings, in a fixed order.
    package static func boundaries(_ format: String) -> [String] {
        switch format {
        case "date-time":
            return [
                "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999999+14:00", "2000-12-31T12:00:00-12:00",
                "9999-12-31T23:59:59z", "2016-12-31T23:59:60Z",
            ]
        case "date": return ["1970-01-01", "2024-02-29", "9999-12-31", "0001-01-01"]
        case "time": return ["00:00:00Z", "23:59:59.999+14:00", "12:30:00-05:00"]
        case "email", "idn-email": return ["a@b.co", "first.last+tag@sub.example.com", "x_y-z@example.org"]
        case "hostname", "idn-hostname":
            return ["localhost", "a.b", "xn--bcher-kva.example", "a-1.example.com"]
        case "ipv4": return ["0.0.0.0", "255.255.255.255", "127.0.0.1"]
        case "ipv6": return ["::", "::1", "2001:db8::ff00:42:8329", "fe80::1:2:3:4", "::ffff:192.0.2.1"]
        case "uri", "iri":
            return ["https://example.com", "urn:isbn:0451450523", "http://[::1]:8080/a%20b?x=1#f"]
        case "uri-reference", "iri-reference": return ["", "#frag", "../a/b", "https://example.com/"]
        case "uuid": return ["00000000-0000-0000-0000-000000000000", "ffffffff-ffff-4fff-bfff-ffffffffffff"]
        case "duration": return ["P1D", "PT0S", "P1Y2M3DT4H5M6S", "P4W"]
        case "json-pointer": return ["", "/", "/a~1b/~0c"]
        case "relative-json-pointer": return ["0", "1#", "10/a~1b"]
        case "uri-template": return ["/items/{id}", "https://example.com/search{?q,page}", "plain"]
        default: return []
        }
    }

    private static func date(_ rng: inout SeededRandom) -> String {
        let year = rng.int(in: 1970...2099)
        let month = rng.int(in: 1...12)
        let days = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(rng.int(in: 1...days), 2)
    }

    private static func time(_ rng: inout SeededRandom) -> String {
        var text =
            pad(rng.int(in: 0...23), 2) + ":" + pad(rng.int(in: 0...59), 2) + ":"
            + pad(rng.int(in: 0...59), 2)
        if rng.chance(0.3) { text += "." + pad(rng.int(in: 0...999), 3) }
        if rng.chance(0.5) { return text + "Z" }
        return text + (rng.chance(0.5) ? "+" : "-") + pad(rng.int(in: 0...12), 2) + ":"
            + (rng.chance(0.5) ? "00" : "30")
    }

    private static func uuid(_ rng: inout SeededRandom) -> String {
        let hex = (0..<32).map { index -> String in
            if index == 12 { return "4" }
            if index == 16 { return String(rng.int(in: 8...11), radix: 16) }
            return String(rng.int(in: 0...15), radix: 16)
        }
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { hex[$0].joined() }
        return groups.joined(separator: "-")
    }

    private static func host(_ rng: inout SeededRandom) -> String {
        word(&rng, 1...10) + "." + (rng.element(of: ["com", "org", "net", "io", "example"]) ?? "com")
    }

    private static let wordLetters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    package static func word(_ rng: inout SeededRandom, _ length: ClosedRange<Int>) -> String {
        let letters = wordLetters
        let count = rng.int(in: length)
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = letters[rng.int(in: 0...(index == 0 ? 25 : 35))] }
            return count
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
