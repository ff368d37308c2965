import Foundation

/// Reads an ignore file: one accepted change per line, `RULE[@operationId]` then the reason, with
/// `#` comments and blank lines.
///
/// ```
/// # Accepted breaks for release 2.4
/// response-property-enum-value-added@getOrder  the app decodes unknown statuses since 2.3
/// request-parameter-removed                    every client stopped sending ?legacy in 2022
/// ```
///
/// A reason is required: the file is where a team writes down why a break is acceptable.
public enum IgnoreFile {
    /// Why an ignore file cannot be used, with its place.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// The entries of the file at `path`.
    public static func read(_ path: String) throws(ReadError) -> [IgnoreEntry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw ReadError(message: "\(path): \(reason)")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// The entries of an ignore file's text.
    public static func parse(_ text: String, file: String) throws(ReadError) -> [IgnoreEntry] {
        var entries: [IgnoreEntry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let place = "\(file):\(index + 1)"
            let key = String(line.prefix { !$0.isWhitespace })
            let reason = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw ReadError(
                    message:
                        "\(place): '\(key)' has no reason; write why the change is accepted after it (RULE[@operationId] reason)"
                )
            }
            guard let entry = IgnoreEntry(parsing: key, reason: reason, origin: place) else {
                throw ReadError(message: "\(place): '\(key)' is not RULE or RULE@operationId")
            }
            if let problem = IgnoreEntry.unknownRule(in: entry) { throw ReadError(message: problem) }
            entries.append(entry)
        }
        return entries
    }
}
