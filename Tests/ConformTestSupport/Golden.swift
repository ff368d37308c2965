package import Foundation
package import Testing

/// Golden files: expected output kept beside a test target's tests, compared line by line.
///
/// Re-record with `CONFORM_RECORD_GOLDEN=1 swift test --filter <TestTarget>`; a recording always
/// fails once so that nobody records by accident and commits without looking. CI (env `CI`) never
/// records.
package struct Golden: Sendable {
    /// The folder the golden files are in.
    package let folder: URL
    /// The test target to name in the re-recording hint.
    package let target: String

    package init(folder: URL, target: String) {
        self.folder = folder
        self.target = target
    }

    /// Records an issue at the caller when `actual` differs from the golden file `name`.
    package func check(
        _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let file = folder.appendingPathComponent(name)
        let environment = ProcessInfo.processInfo.environment
        let recording = environment["CONFORM_RECORD_GOLDEN"] == "1" && (environment["CI"] ?? "").isEmpty
        if recording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file, options: .atomic)
                Issue.record(
                    "recorded \(file.path); check it, then run again without CONFORM_RECORD_GOLDEN",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            Issue.record(
                "no golden file \(file.path): record it with CONFORM_RECORD_GOLDEN=1 swift test --filter \(target)",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        Issue.record(
            "\(name) differs from the golden file (- golden, + actual):\n\(Self.lineDiff(expected, actual))",
            sourceLocation: sourceLocation)
    }

    /// A line diff from the longest common subsequence, showing only changed lines with their
    /// numbers in the golden file.
    package static func lineDiff(_ old: String, _ new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                i += 1
                j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append("+\(i + 1): \(b[j])")
                j += 1
            } else {
                lines.append("-\(i + 1): \(a[i])")
                i += 1
            }
        }
        return lines.prefix(80).joined(separator: "\n")
            + (lines.count > 80 ? "\n… \(lines.count - 80) more" : "")
    }
}
