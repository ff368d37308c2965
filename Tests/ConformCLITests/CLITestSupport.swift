import ConformCLI
import ConformTestSupport
import Foundation
import Testing

let packageRoot = TestPaths.packageRoot

/// What a command printed and returned.
struct CommandOutput: Sendable {
    var code: ExitCode
    var out: String
    var err: String
}

/// Collects lines written from any thread.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }
}

/// An absolute path for a file of the repository (tests never change the process's directory,
/// since suites run in parallel).
func repo(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

/// Runs `conform <arguments>` in process, with `stdin` as standard input.
func conform(_ arguments: String..., stdin: String = "") async -> CommandOutput {
    await conform(arguments, stdin: stdin)
}

/// Runs `conform <arguments>` in process, with the arguments as an array.
func conform(_ arguments: [String], stdin: String = "") async -> CommandOutput {
    let out = LineCollector()
    let err = LineCollector()
    let console = Console(out: { out.append($0) }, err: { err.append($0) })
    let input = Data(stdin.utf8)
    let code = await Conform.run(arguments, console: console, environment: [:], standardInput: { input })
    return CommandOutput(code: code, out: out.text, err: err.text)
}

/// Writes `text` to a temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "file.json") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conform-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}
