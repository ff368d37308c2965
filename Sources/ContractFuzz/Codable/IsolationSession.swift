import Foundation

/// The parent side of `CrashIsolation` for one model: a child process kept alive between batches
/// and replaced whenever a payload crashes or hangs it.
final class IsolationSession {
    let isolation: CrashIsolation
    let typeName: String
    private let directory: URL
    private var child: Child?
    private var batchNumber = 0

    /// One running child and how far its output has been read.
    private struct Child {
        let process: Process
        let input: FileHandle
        let output: FileHandle
        var buffer = ""
        var greeted = false
        /// The child's own explanation when it refuses to start (`E …`).
        var refusal: String?
    }

    init(isolation: CrashIsolation, typeName: String) {
        self.isolation = isolation
        self.typeName = typeName
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-isolation-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    }

    deinit {
        close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends the child (it exits at the end of its input).
    func close() {
        guard let child else { return }
        try? child.input.close()
        self.child = nil
    }

    /// The outcome of each payload in order, stopping after the first one `stop` accepts.
    func outcomes(_ payloads: [[UInt8]], stopWhen stop: (DecodeOutcome) -> Bool) -> [DecodeOutcome] {
        var result: [DecodeOutcome] = []
        while result.count < payloads.count {
            let batch = run(Array(payloads[result.count...]))
            for outcome in batch {
                result.append(outcome)
                if stop(outcome) { return result }
            }
            if case .isolationFailed = batch.last {
                while result.count < payloads.count { result.append(batch[batch.count - 1]) }
            }
        }
        return result
    }

    /// Sends one batch; the last outcome is a crash or hang when the child died before the end.
    private func run(_ payloads: [[UInt8]]) -> [DecodeOutcome] {
        batchNumber += 1
        let file = directory.appendingPathComponent("batch-\(batchNumber)")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try IsolationWire.writePayloads(payloads, to: file)
            if child == nil { child = try launch() }
            try child?.input.write(contentsOf: Data("\(batchNumber) \(file.path)\n".utf8))
        } catch {
            child = nil
            return [.isolationFailed(reason: "cannot run \(isolation.executable.path): \(error)")]
        }
        return collect(batch: batchNumber, expected: payloads.count)
    }

    private func launch() throws -> Child {
        let process = Process()
        process.executableURL = isolation.executable
        process.arguments = isolation.arguments
        let output = directory.appendingPathComponent("outcomes-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
        }
        // A child that dies between batches closes its end of the pipe; the write must fail with
        // EPIPE (and be reported) rather than end this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var environment = ProcessInfo.processInfo.environment
        environment[CrashIsolation.childVariable] = directory.path
        environment[CrashIsolation.typeVariable] = typeName
        environment[CrashIsolation.outputVariable] = output.path
        // The runtime's symbolicating backtracer takes about a second per crash; the parent only
        // needs the exit status.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Child(
            process: process, input: input.fileHandleForWriting,
            output: try FileHandle(forReadingFrom: output))
    }

    /// Reads the child's lines for `batch` until it is complete, the child dies, or it stalls.
    private func collect(batch: Int, expected: Int) -> [DecodeOutcome] {
        var result: [DecodeOutcome] = []
        var lastProgress = Date()
        while var current = child {
            let running = current.process.isRunning
            let chunk = current.output.availableData
            if !chunk.isEmpty {
                lastProgress = Date()
                current.buffer += String(decoding: chunk, as: UTF8.self)
                while let newline = current.buffer.firstIndex(of: "\n") {
                    let line = String(current.buffer[..<newline])
                    current.buffer.removeSubrange(...newline)
                    if line == "H" { current.greeted = true }
                    if line.hasPrefix("E ") { current.refusal = String(line.dropFirst(2)) }
                    if let outcome = IsolationWire.result(line, batch: batch) { result.append(outcome) }
                }
                child = current
                if result.count == expected { return result }
                continue
            }
            if !running {
                current.process.waitUntilExit()
                child = nil
                let status = CrashIsolation.status(of: current.process)
                guard current.greeted else {
                    let reason =
                        current.refusal.map { "the child refused: \($0); register it in the entry test" }
                        ?? "the child `\(command)` ended (\(status)) without decoding; does the test "
                        + "the arguments select call CrashIsolation.runChildIfRequested()?"
                    return [.isolationFailed(reason: reason)]
                }
                return result + [.crashed(status: status)]
            }
            if Date().timeIntervalSince(lastProgress) > isolation.timeout {
                kill(current.process.processIdentifier, SIGKILL)
                current.process.waitUntilExit()
                child = nil
                return result + [.hung(seconds: isolation.timeout)]
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return result
    }

    private var command: String { ([isolation.executable.path] + isolation.arguments).joined(separator: " ") }
}
