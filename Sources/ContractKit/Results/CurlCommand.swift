public import ConformHTTP

/// A `curl` command line that sends the same request, so anyone can reproduce a finding by pasting
/// one line. Secrets are masked.
///
/// A reproducer is printed on the terminal and copied into every finding and report, so it must
/// stay short whatever was sent: `fuzz` sends an 11 MiB body on purpose, and inlining it once gave a
/// 23 MB JUnit file that `xmllint` refused. A body longer than ``inlineBodyLimit`` is therefore
/// never inlined: it is read from a file (`--data-binary @file`), written next to the reports when
/// the caller has one, else described in a trailing shell comment (size, media type, first bytes).
public enum CurlCommand {
    /// The most bytes of a request body written into a reproducer (2 KiB); a longer body is
    /// referenced or described instead, so every reproducer stays under about 3 KB.
    public static let inlineBodyLimit = 2_048

    /// How many characters of a body that is not inlined are shown in its description.
    static let previewCharacters = 48

    /// The command line for `request`.
    ///
    /// - Parameters:
    ///   - request: the request as sent.
    ///   - redaction: masks secret header values.
    ///   - bodyFile: where the body of a request over ``inlineBodyLimit`` was saved, referenced as
    ///     `--data-binary @file`; nil when nobody saved it, and the body is then described.
    /// - Returns: one line, at most a few KB long.
    public static func render(
        _ request: HTTPRequest, redaction: Redaction = Redaction(), bodyFile: String? = nil
    ) -> String {
        var parts = ["curl", "-sS", "-i"]
        if request.method != "GET" || !request.body.isEmpty { parts += ["-X", request.method] }
        parts.append(quote(request.url))
        for header in redaction.apply(request.headers)
        where header.name.lowercased() != "accept" || header.value != "*/*" {
            parts += ["-H", quote("\(header.name): \(header.value)")]
        }
        guard !request.body.isEmpty else { return parts.joined(separator: " ") }
        if request.body.count <= inlineBodyLimit {
            parts += ["--data-binary", quote(String(decoding: request.body, as: UTF8.self))]
            return parts.joined(separator: " ")
        }
        let summary = describe(request.body, contentType: request.header("Content-Type"))
        if let bodyFile {
            parts += ["--data-binary", quote("@" + bodyFile)]
            return parts.joined(separator: " ") + "  # " + summary
        }
        // No file holds the body: the line still runs (with a placeholder file the reader fills).
        parts += ["--data-binary", "@body"]
        return parts.joined(separator: " ") + "  # body not inlined: " + summary
    }

    /// `11.0 MiB of JSON, starts with {"name":"aaaa…`: what a body is without showing all of it.
    ///
    /// The preview is one line of printable text (control characters and non-ASCII bytes are
    /// written as `\u{…}` / `\x..`), safe inside a shell comment and every report format.
    public static func describe(_ body: [UInt8], contentType: String? = nil) -> String {
        var text = "\(size(body.count)) of \(kind(of: body, contentType: contentType))"
        guard !body.isEmpty else { return text }
        text += ", starts with " + preview(body)
        return text
    }

    /// `512 bytes`, `2.5 KiB`, `11.0 MiB`.
    public static func size(_ count: Int) -> String {
        if count < 1_024 { return "\(count) byte\(count == 1 ? "" : "s")" }
        let units = ["KiB", "MiB", "GiB"]
        var value = Double(count) / 1_024
        var unit = 0
        while value >= 1_024, unit < units.count - 1 {
            value /= 1_024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    private static func kind(of body: [UInt8], contentType: String?) -> String {
        let type =
            contentType?.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" } } ?? ""
        if type.lowercased().hasSuffix("json") || type.lowercased().hasSuffix("+json") { return "JSON" }
        if !type.isEmpty { return type }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? "JSON" : "data"
    }

    private static func preview(_ body: [UInt8]) -> String {
        var text = ""
        var shown = 0
        var index = 0
        while index < body.count, shown < previewCharacters {
            let byte = body[index]
            switch byte {
            case 0x20..<0x7F:
                text.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            default: text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
            shown += 1
            index += 1
        }
        return index < body.count ? text + "…" : text
    }

    /// Single quotes for a POSIX shell: nothing inside is interpreted.
    static func quote(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic && scalar.isASCII
                || "0123456789-_./:=@,".unicodeScalars.contains(scalar)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            + "'"
    }
}
