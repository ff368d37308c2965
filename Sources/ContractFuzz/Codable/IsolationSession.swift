import Foundation

/// The parent side of `CrashIsolation` for one model: a child process kept alive between batches
/// and replaced whenever a payload crashes or hangs it.
///
/// Parent and child talk through files in a private directory: the parent moves a payload file to
/// `request-<n>`, the child appends `B`/`R` lines for it to its output file. No pipe or handle
/// stays open in the parent between polls.
final class IsolationSession {
    let isolation: CrashIsolation
    let harness: ModelHarness
    private let directory: URL
    private var child: Child?
    private var batchNumber = 0

    /// One running child and how far its output has been read.
    private struct Child {
        let process: ChildProcess
        let output: URL
        var offset: UInt64 = 0
        var buffer = ""
        var greeted = false
        /// The child's own explanation when it refuses to start (`E …`).
        var refusal: String?
    }

    init(isolation: CrashIsolation, harness: ModelHarness) {
        self.isolation = isolation
        self.harness = harness
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-isolation-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    }

    deinit {
        close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends the child.
    func close() {
        child?.process.terminate()
        child = nil
    }

    /// The outcome of each payload in order, stopping after the first one `stop` accepts.
    ///
    /// - Parameter timeout: seconds per payload before it counts as a hang; the isolation's
    ///   `timeout` when nil. Shrinking a known hang uses a shorter one.
    func outcomes(_ payloads: [[UInt8]], timeout: Double? = nil, stopWhen stop: (DecodeOutcome) -> Bool)
        -> [DecodeOutcome]
    {
        var result: [DecodeOutcome] = []
        while result.count < payloads.count {
            let batch = run(Array(payloads[result.count...]), timeout: timeout ?? isolation.timeout)
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
    private func run(_ payloads: [[UInt8]], timeout: Double) -> [DecodeOutcome] {
        batchNumber += 1
        let staging = directory.appendingPathComponent("batch-\(batchNumber)")
        let request = directory.appendingPathComponent("request-\(batchNumber)")
        defer { try? FileManager.default.removeItem(at: request) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if child == nil { child = try launch(firstBatch: batchNumber) }
            try IsolationWire.writePayloads(payloads, to: staging)
            try FileManager.default.moveItem(at: staging, to: request)
        } catch {
            close()
            return [.isolationFailed(reason: "cannot run \(isolation.executable.path): \(error)")]
        }
        return collect(batch: batchNumber, expected: payloads.count, timeout: timeout)
    }

    private func launch(firstBatch: Int) throws -> Child {
        let output = directory.appendingPathComponent("outcomes-\(firstBatch)")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
        }
        var environment = ProcessInfo.processInfo.environment
        environment[CrashIsolation.childVariable] = directory.path
        environment[CrashIsolation.typeVariable] = harness.identity
        environment[CrashIsolation.outputVariable] = output.path
        environment[CrashIsolation.firstBatchVariable] = String(firstBatch)
        environment[CrashIsolation.parentVariable] = String(ProcessInfo.processInfo.processIdentifier)
        // The runtime's symbolicating backtracer takes about a second per crash; the parent only
        // needs the exit status.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let process = try ChildProcess(
            executable: isolation.executable.path, arguments: isolation.arguments, environment: environment)
        return Child(process: process, output: output)
    }

    /// Reads the child's lines for `batch` until it is complete, the child dies, or it stalls.
    ///
    /// The hang clock of a payload starts when the child reports ready (`H`) or finishes the
    /// previous payload, never at launch: a slow start is `launchTimeout`'s business.
    private func collect(batch: Int, expected: Int, timeout: Double) -> [DecodeOutcome] {
        var result: [DecodeOutcome] = []
        var lastProgress = Date()
        while var current = child {
            let ended = current.process.poll()
            let chunk = Self.read(current.output, from: current.offset)
            if !chunk.isEmpty {
                current.offset += UInt64(chunk.count)
                current.buffer += String(decoding: chunk, as: UTF8.self)
                while let newline = current.buffer.firstIndex(of: "\n") {
                    let line = String(current.buffer[..<newline])
                    current.buffer.removeSubrange(...newline)
                    if line == "H" {
                        current.greeted = true
                        lastProgress = Date()
                    }
                    if line.hasPrefix("E ") { current.refusal = String(line.dropFirst(2)) }
                    if let outcome = IsolationWire.result(line, batch: batch) {
                        result.append(outcome)
                        lastProgress = Date()
                    }
                }
                child = current
                if result.count == expected { return result }
            }
            if let status = ended {
                child = nil
                guard current.greeted else {
                    return [.isolationFailed(reason: refusal(current, status: status))]
                }
                return result + [.crashed(status: status)]
            }
            let waited = Date().timeIntervalSince(lastProgress)
            if !current.greeted, waited > isolation.launchTimeout {
                close()
                return [
                    .isolationFailed(
                        reason:
                            "the child `\(command)` did not report ready within \(Int(isolation.launchTimeout)) s"
                    )
                ]
            }
            if current.greeted, waited > timeout {
                current.process.terminate()
                child = nil
                return result + [.hung(seconds: timeout)]
            }
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
        }
        return result
    }

    /// Why the child ended before it reported ready, for people: above all, a model the child
    /// does not know.
    private func refusal(_ child: Child, status: String) -> String {
        if let refusal = child.refusal {
            return
                "the isolation child has no model \(harness.qualifiedName) (\(harness.encodes ? "roundTrip" : "decoding")); "
                + "\(refusal). Register it in the entry test that calls CrashIsolation.runChildIfRequested(): "
                + "CrashIsolation.register(.\(harness.encodes ? "roundTrip" : "decoding")(\(harness.typeName).self))"
        }
        return
            "the child `\(command)` ended (\(status)) without decoding; does the test the arguments select call "
            + "CrashIsolation.runChildIfRequested()?"
    }

    /// The bytes of `file` from `offset` on, opening and closing it at once.
    private static func read(_ file: URL, from offset: UInt64) -> Data {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return Data() }
        defer { handle.closeFile() }
        handle.seek(toFileOffset: offset)
        return handle.readDataToEndOfFile()
    }

    private var command: String { ([isolation.executable.path] + isolation.arguments).joined(separator: " ") }
}
