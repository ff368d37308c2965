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

    public func isRedacted(_ name: String) -> Bool { names.contains(name.lowercased()) }

    public func apply(_ headers: [HeaderField]) -> [HeaderField] {
        headers.map { isRedacted($0.name) ? HeaderField($0.name, Self.mask) : $0 }
    }

    /// Every secret value in `headers`, so the same text can be masked anywhere else it appears.
    public func secrets(in headers: [HeaderField]) -> [String] {
        headers.filter { isRedacted($0.name) && $0.value.count >= 4 }.map(\.value) + secretValues
    }

    /// `text` with every secret value masked.
    public func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.mask) }
    }
}
