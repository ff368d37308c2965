public import ConformHTTP
public import ContractKit
public import Foundation
public import JSONSchema

/// Writes exchanges as a HAR 1.2 file (`conform proxy --har`), masked like every other output,
/// one entry at a time so memory does not grow with the session: entries go to `<path>.partial`
/// as they come, and ``finish()`` closes the document and moves it into place.
///
/// Bodies are written as text when they are UTF-8, else base64 (`"encoding": "base64"`); a body
/// that streamed through past `--max-body` has only its first bytes, and the entry's `comment`
/// says so. Bodies are the ones the checks read (content coding undone), as HAR asks.
public final class HARWriter: @unchecked Sendable {
    public let path: String
    private let partial: String
    private let handle: FileHandle
    /// How many entries are written, and whether the document is closed.
    private let progress = Locked((entries: 0, isFinished: false))

    /// Starts a HAR file at `path` (written to `<path>.partial` until ``finish()``).
    /// - Throws: `CocoaError` when the file cannot be created.
    public init(path: String, creator: String = "conform", version: String = ConformVersion.current) throws {
        self.path = path
        partial = path + ".partial"
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: partial, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
        let creatorObject = JSONSerializer().string(
            .object(JSONObject([("name", .string(creator)), ("version", .string(version))])))
        handle.write(Data(#"{"log": {"version": "1.2", "creator": \#(creatorObject), "entries": ["#.utf8))
    }

    /// Adds the exchange behind `result` (already redacted), which started at `startedAt`.
    public func append(_ result: CaseResult, startedAt: Date, comment: String? = nil) {
        guard let request = result.request else { return }
        let entry = HAREntryEncoder.entry(
            request: request, response: result.response, startedAt: startedAt, duration: result.duration,
            comment: comment)
        let text = JSONSerializer().string(entry)
        progress.withLock { progress in
            guard !progress.isFinished else { return }
            handle.write(Data(((progress.entries == 0 ? "\n" : ",\n") + text).utf8))
            progress.entries += 1
        }
    }

    /// Ends the document and moves it to ``path``; later appends are ignored.
    /// - Throws: `CocoaError` when the file cannot be moved into place.
    public func finish() throws {
        try progress.withLock { progress in
            guard !progress.isFinished else { return }
            progress.isFinished = true
            handle.write(Data("\n]}}\n".utf8))
            try handle.close()
            if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        }
    }
}
