public import ConformHTTP
import Foundation

/// Keeps secrets out of output, reports and recorded samples: credentials headers always, any
/// header the user names with `--redact`, and every secret value the user gives Conform (tokens
/// from the environment, `--auth` values), masked by value wherever they appear.
public struct Redaction: Sendable, Hashable {
    public static let alwaysRedacted: Set<String> = [
        "authorization", "cookie", "set-cookie", "proxy-authorization",
    ]
    public static let mask = "[REDACTED]"

    private var names: Set<String>
    /// Values that are secret wherever they appear (variables marked secret, credentials).
    public private(set) var secretValues: [String]

    public init(additional: [String] = [], secretValues: [String] = []) {
        names = Self.alwaysRedacted.union(additional.map { $0.lowercased() })
        self.secretValues = secretValues.filter { !$0.isEmpty }
    }

    /// This redaction with `values` also treated as secrets.
    public func addingSecrets(_ values: [String]) -> Redaction {
        var copy = self
        copy.secretValues += values.filter { !$0.isEmpty && !copy.secretValues.contains($0) }
        return copy
    }

    /// This redaction with the headers `names` also masked (a contract's API-key headers, which
    /// traffic carries with the app's real key).
    public func addingHeaders(_ names: [String]) -> Redaction {
        var copy = self
        copy.names.formUnion(names.map { $0.lowercased() })
        return copy
    }

    public func isRedacted(_ name: String) -> Bool { names.contains(name.lowercased()) }

    public func apply(_ headers: HTTPFields) -> HTTPFields {
        HTTPFields(headers.map { isRedacted($0.name) ? HeaderField($0.name, Self.mask) : $0 })
    }

    /// Every secret value in `headers`, so the same text can be masked anywhere else it appears.
    /// The credential after an auth scheme (`Bearer abc…`) counts on its own too, since a server
    /// may echo just the token. Longest first, so a value is masked before any part of it.
    public func secrets(in headers: HTTPFields) -> [String] {
        var values: [String] = []
        for header in headers where isRedacted(header.name) && header.value.count >= 4 {
            values.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                let credential = header.value[header.value.index(after: space)...].trimmingCharacters(
                    in: .whitespaces)
                if credential.count >= 4 { values.append(credential) }
            }
        }
        return Array(Set(values + secretValues)).sorted { $0.count > $1.count }
    }

    /// `text` with every secret value masked.
    public func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.contains($1) ? $0.replacingOccurrences(of: $1, with: Self.mask) : $0 }
    }

    /// `bytes` with every secret value masked, whatever the bytes around it (bodies need not be UTF-8).
    public func scrub(_ bytes: [UInt8], secrets: [String]) -> [UInt8] {
        var result = bytes
        for secret in secrets {
            let needle = Array(secret.utf8)
            guard let first = needle.first, result.count >= needle.count else { continue }
            var output: [UInt8] = []
            var index = 0
            var changed = false
            while index < result.count {
                if result[index] == first, index + needle.count <= result.count,
                    result[index..<index + needle.count].elementsEqual(needle)
                {
                    if !changed {
                        output.reserveCapacity(result.count)
                        output.append(contentsOf: result[..<index])
                        changed = true
                    }
                    output.append(contentsOf: Self.mask.utf8)
                    index += needle.count
                } else {
                    if changed { output.append(result[index]) }
                    index += 1
                }
            }
            if changed { result = output }
        }
        return result
    }

    /// `result` as it may be shown anywhere (terminal, reports, results): credential and
    /// `--redact` headers masked, and every secret value masked by value in findings, reason,
    /// curl reproducer, URLs, headers and bodies, request and response alike. The one place run
    /// and fuzz results are redacted; `extraSecrets` adds values from headers sent but not kept.
    public func redacting(_ result: CaseResult, extraSecrets: [String] = []) -> CaseResult {
        // Credentials the server set (Set-Cookie) are secrets too, wherever else they are echoed.
        var secrets =
            secrets(in: result.request?.headers ?? []) + secrets(in: result.response?.headers ?? [])
            + extraSecrets
        secrets = Array(Set(secrets)).filter { !$0.isEmpty && $0 != Self.mask }.sorted { $0.count > $1.count }
        var copy = result
        copy.findings = result.findings.map { finding in
            var finding = finding
            finding.message = scrub(finding.message, secrets: secrets)
            finding.expected = finding.expected.map { scrub($0, secrets: secrets) }
            finding.actual = finding.actual.map { scrub($0, secrets: secrets) }
            finding.curl = finding.curl.map { scrub($0, secrets: secrets) }
            return finding
        }
        copy.reason = result.reason.map { scrub($0, secrets: secrets) }
        copy.curl = result.curl.map { scrub($0, secrets: secrets) }
        if var request = result.request {
            request.url = scrub(request.url, secrets: secrets)
            request.headers = masked(request.headers, secrets: secrets)
            request.body = scrub(request.body, secrets: secrets)
            copy.request = request
        }
        if var response = result.response {
            response.headers = masked(response.headers, secrets: secrets)
            response.body = scrub(response.body, secrets: secrets)
            response.redirects = response.redirects.map { hop in
                RedirectHop(status: hop.status, method: hop.method, url: scrub(hop.url, secrets: secrets))
            }
            copy.response = response
        }
        return copy
    }

    private func masked(_ headers: HTTPFields, secrets: [String]) -> HTTPFields {
        HTTPFields(apply(headers).map { HeaderField($0.name, scrub($0.value, secrets: secrets)) })
    }
}
