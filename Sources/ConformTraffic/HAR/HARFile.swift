import ContractKit
public import Foundation
public import JSONSchema

/// A HAR 1.2 file as the tools that export one write it (Proxyman, Charles, Safari, Chrome): its
/// entries read into exchanges for ``TrafficChecker``, quirks included.
///
/// Tolerated, because real exports have them: a body without `text` (not recorded: its content is
/// not judged), `"encoding": "base64"` bodies, form bodies given only as `params`, HTTP/2
/// pseudo-headers (`:authority`, `:path` …, dropped), several pages, status 0 for a request that
/// got no answer (Chrome's `_error` says why), a byte order mark, members a tool adds (`_initiator`).
/// An entry that cannot be read at all is kept with its reason, never dropped.
///
/// ```swift
/// let file = try HARFile.read(path: "session.har")
/// for entry in file.entries { print(entry.index, entry.startedText, entry.problem ?? "ok") }
/// ```
public struct HARFile: Sendable {
    /// One entry of the file, in file order.
    public struct Entry: Sendable {
        /// The entry's position in the file, from 1.
        public var index: Int
        /// `startedDateTime` as the file writes it.
        public var startedText: String
        /// The exchange, nil when the entry could not be read (see ``problem``).
        public var exchange: TrafficExchange?
        /// Why the entry could not be read, with its JSON pointer.
        public var problem: String?
    }

    public var path: String
    /// The tool that wrote the file (`creator.name` and `version`), when it says.
    public var creator: String?
    public var entries: [Entry]

    /// Reads the HAR file at `path`.
    /// - Throws: ``HARError`` when the file cannot be read, is not JSON, or has no `log.entries`.
    public static func read(path: String) throws(HARError) -> HARFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw HARError(file: path, message: exists ? "cannot read the file" : "no such file")
        }
        return try parse(Array(data), path: path)
    }

    /// Reads a HAR document from `bytes`, naming it `path` in names and messages.
    public static func parse(_ bytes: [UInt8], path: String) throws(HARError) -> HARFile {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, options: .init(allowsByteOrderMark: true))
        } catch {
            throw HARError(
                file: path, message: "not valid JSON: \(error.message)",
                line: error.position.line, column: error.position.column)
        }
        guard let log = root["log"]?.objectValue else {
            throw HARError(file: path, message: "not a HAR file: there is no \"log\" object at the top")
        }
        guard let entries = log["entries"]?.arrayValue else {
            throw HARError(file: path, message: "not a HAR file: /log/entries is missing or not an array")
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let creator = log["creator"]?["name"]?.stringValue.map { name in
            [name, log["creator"]?["version"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        }
        return HARFile(
            path: path, creator: creator,
            entries: entries.enumerated().map { offset, value in
                HAREntryReader(value: value, index: offset + 1, fileName: name).entry()
            })
    }
}

/// Why a HAR file cannot be read at all, as `file[:line:column]: message`.
public struct HARError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(file: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        let place = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(place): error: \(message)"
    }
}
