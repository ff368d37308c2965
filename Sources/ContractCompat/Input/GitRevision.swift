import Foundation
import JSONSchema

/// Reads files as they were at a git revision, with `git show`, and a description split over
/// several files together with every file its `$ref`s reach at that same revision.
enum GitRevision {
    /// The most files one description may bring in from git.
    static let fileLimit = 500

    /// The bytes of `path` at `revision`, or git's own message.
    static func show(_ revision: String, _ path: String, in folder: String?) -> Result<
        [UInt8], CompatInputError
    > {
        let source = "\(revision):\(path)"
        let result = run(["show", "\(revision):\(path)"], in: folder)
        guard result.status == 0 else {
            let message =
                result.errors.split(separator: "\n").first.map(String.init)
                ?? "git exited with \(result.status)"
            return .failure(.git(source: source, message: message))
        }
        return .success(result.output)
    }

    /// `path` from the repository's root: git reads `./x` and `../x` from the current folder.
    static func repositoryPath(_ path: String, in folder: String?) -> String {
        guard path.hasPrefix("./") || path.hasPrefix("../") else { return path }
        let prefix = String(decoding: run(["rev-parse", "--show-prefix"], in: folder).output, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return normalized(prefix + path)
    }

    /// Writes the description at `path` and every local file its references reach, as they were
    /// at `revision`, under `root`; returns the root file's path there. A file git does not have
    /// is left out, and the loader reports the reference to it.
    static func materialize(
        _ revision: String, _ path: String, bytes: [UInt8], under root: String, in folder: String?
    ) throws
        -> String
    {
        var pending: [(path: String, bytes: [UInt8])] = [(path, bytes)]
        var written = Set<String>()
        while let file = pending.popLast(), written.count < fileLimit {
            guard written.insert(file.path).inserted else { continue }
            let target = URL(fileURLWithPath: root).appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: target)
            let base = (file.path as NSString).deletingLastPathComponent
            for reference in references(in: file.bytes, file: file.path) {
                let referenced = normalized(base.isEmpty ? reference : base + "/" + reference)
                guard !referenced.hasPrefix("../"), !written.contains(referenced),
                    case .success(let content) = show(revision, referenced, in: folder)
                else { continue }
                pending.append((referenced, content))
            }
        }
        return URL(fileURLWithPath: root).appendingPathComponent(path).path
    }

    /// The files a document's `$ref`s name (the part before `#`), outside `x-` extensions and
    /// remote URLs.
    static func references(in bytes: [UInt8], file: String) -> Set<String> {
        guard let value = try? DocumentReader.parse(bytes, file: file) else { return [] }
        var found = Set<String>()
        collect(value, into: &found)
        return found
    }

    private static func collect(_ value: JSONValue, into found: inout Set<String>) {
        switch value {
        case .object(let object):
            for member in object.members where !member.key.hasPrefix("x-") {
                if member.key == "$ref", let reference = member.value.stringValue {
                    let file = String(reference.prefix { $0 != "#" })
                    if !file.isEmpty, !file.contains("://") {
                        found.insert(file.removingPercentEncoding ?? file)
                    }
                } else {
                    collect(member.value, into: &found)
                }
            }
        case .array(let elements):
            for element in elements { collect(element, into: &found) }
        default: break
        }
    }

    /// `a/./b/../c` → `a/c`; a leading `..` that climbs above the root is kept.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    private static func run(_ arguments: [String], in folder: String?) -> (
        status: Int32, output: [UInt8], errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return (127, [], "git cannot be started: \(error.localizedDescription)")
        }
        // Read both pipes to the end before waiting, so a large file never blocks git on a full pipe.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(data), errorData.text())
    }
}

/// Reads a pipe to its end on a thread of its own, so standard error never fills while standard
/// output is read.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
