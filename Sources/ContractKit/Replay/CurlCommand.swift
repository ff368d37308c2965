/// A `curl` command line that sends the same request, so anyone can reproduce a finding by pasting
/// one line. Secrets are masked.
public enum CurlCommand {
    public static func render(_ request: RequestRecord, redaction: Redaction = Redaction()) -> String {
        var parts = ["curl", "-sS", "-i"]
        if request.method != "GET" || !request.body.isEmpty { parts += ["-X", request.method] }
        parts.append(quote(request.url))
        for header in redaction.apply(request.headers)
        where header.name.lowercased() != "accept" || header.value != "*/*" {
            parts += ["-H", quote("\(header.name): \(header.value)")]
        }
        if !request.body.isEmpty {
            parts += ["--data-binary", quote(String(decoding: request.body, as: UTF8.self))]
        }
        return parts.joined(separator: " ")
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
