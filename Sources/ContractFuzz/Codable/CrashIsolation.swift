import ContractKit
public import Foundation

/// Runs model decoding in a child process, so a trap in a custom `init(from:)` or an endless loop
/// becomes a finding instead of the end of the run.
///
/// Swift cannot catch a trap, so the only safe place to decode an untrusted payload with an
/// unknown model is another process. `CrashIsolation` re-launches an executable (by default the
/// current test binary, selecting one entry test) with three environment variables naming a file
/// of payloads, a registered model, and an output file. The child decodes each payload and writes
/// one line before and one after each; the parent reads the exit status and the lines: a payload
/// that was begun and never finished crashed the child (or hung it, when no line arrives within
/// `timeout`). The parent then restarts the child after that payload. A batch costs one launch
/// (about 50 ms for a test binary) plus one per crash.
///
/// The binary must register its models and call `runChildIfRequested()` early:
///
/// ```swift
/// @Test func crashIsolationEntry() {
///     CrashIsolation.register(.roundTrip(MenuItem.self))
///     CrashIsolation.runChildIfRequested()   // decodes and exits in the child; returns otherwise
/// }
/// let isolation = CrashIsolation.swiftTestingEntry("crashIsolationEntry()")
/// ```
public struct CrashIsolation: Sendable {
    /// The executable to launch.
    public var executable: URL
    /// Its arguments (for a test binary: the ones that select the entry test).
    public var arguments: [String]
    /// Seconds without progress after which the payload being decoded counts as a hang.
    public var timeout: Double

    static let payloadsVariable = "CONFORM_ISOLATION_PAYLOADS"
    static let typeVariable = "CONFORM_ISOLATION_TYPE"
    static let outputVariable = "CONFORM_ISOLATION_OUTPUT"

    public init(executable: URL, arguments: [String], timeout: Double = 5) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
    }

    /// The current test binary, running only the Swift Testing test named `entryTest`
    /// (a `--filter` expression) in the child.
    public static func swiftTestingEntry(_ entryTest: String, timeout: Double = 5) -> CrashIsolation {
        var arguments = Array(ProcessInfo.processInfo.arguments.dropFirst())
        while let filter = arguments.firstIndex(where: { $0 == "--filter" || $0 == "--skip" }) {
            arguments.removeSubrange(filter..<min(filter + 2, arguments.count))
        }
        if !arguments.contains("--testing-library") { arguments += ["--testing-library", "swift-testing"] }
        arguments += ["--filter", entryTest]
        return CrashIsolation(executable: currentExecutable, arguments: arguments, timeout: timeout)
    }

    /// The running binary (`/proc/self/exe` on Linux, the launch path elsewhere).
    public static var currentExecutable: URL {
        #if os(Linux)
            if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: resolved)
            }
        #endif
        return URL(fileURLWithPath: ProcessInfo.processInfo.arguments.first ?? "")
    }

    // MARK: Registry

    private static let registry = Locked<[String: ModelHarness]>([:])

    /// Makes `harness` decodable in the child under its type name; call it in parent and child alike.
    public static func register(_ harness: ModelHarness) {
        registry.withLock { $0[harness.typeName] = harness }
    }

    static func harness(named name: String) -> ModelHarness? { registry.withLock { $0[name] } }

    /// Whether this process is an isolation child.
    public static var isChild: Bool { ProcessInfo.processInfo.environment[payloadsVariable] != nil }

    /// In a child, decodes the requested payloads with the registered model and exits; otherwise
    /// returns at once.
    public static func runChildIfRequested() {
        let environment = ProcessInfo.processInfo.environment
        guard let payloadPath = environment[payloadsVariable], let typeName = environment[typeVariable],
            let outputPath = environment[outputVariable]
        else { return }
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            let output = FileHandle(forWritingAtPath: outputPath)
        else { exit(3) }
        func emit(_ line: String) { output.write(Data((line + "\n").utf8)) }
        guard let harness = harness(named: typeName) else {
            emit("E no model is registered as \(typeName)")
            exit(3)
        }
        let payloads = IsolationWire.readPayloads(atPath: payloadPath)
        emit("H")
        for (index, bytes) in payloads.enumerated() {
            emit("B \(index)")
            emit("R \(index) " + IsolationWire.encode(harness.run(bytes)))
        }
        exit(0)
    }

    // MARK: Parent

    /// The outcome of each payload, decoding them in as few child processes as crashes allow.
    func outcomes(of typeName: String, _ payloads: [[UInt8]], stopWhen stop: (DecodeOutcome) -> Bool)
        -> [DecodeOutcome]
    {
        var result: [DecodeOutcome] = []
        while result.count < payloads.count {
            let batch = runChild(typeName, Array(payloads[result.count...]))
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

    /// Runs one child on `payloads`; the last outcome is a crash or hang when the child died early.
    private func runChild(_ typeName: String, _ payloads: [[UInt8]]) -> [DecodeOutcome] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-isolation-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("payloads")
        let output = directory.appendingPathComponent("outcomes")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try IsolationWire.writePayloads(payloads, to: input)
        } catch {
            return [.isolationFailed(reason: "cannot write the payload file: \(error)")]
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[Self.payloadsVariable] = input.path
        environment[Self.typeVariable] = typeName
        environment[Self.outputVariable] = output.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return [.isolationFailed(reason: "cannot launch \(executable.path): \(error)")]
        }
        let hung = waitForChild(process, output: output)
        let lines = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return IsolationWire.outcomes(
            lines: lines, expected: payloads.count, hungAfter: hung ? timeout : nil,
            status: Self.status(of: process), command: ([executable.path] + arguments).joined(separator: " "))
    }

    /// Waits for the child to exit; kills it and returns true when no progress is seen for `timeout`.
    private func waitForChild(_ process: Process, output: URL) -> Bool {
        var lastSize = -1
        var lastProgress = Date()
        while process.isRunning {
            Thread.sleep(forTimeInterval: 0.005)
            let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
            if size != lastSize {
                lastSize = size
                lastProgress = Date()
            } else if Date().timeIntervalSince(lastProgress) > timeout {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return true
            }
        }
        process.waitUntilExit()
        return false
    }

    private static func status(of process: Process) -> String {
        switch process.terminationReason {
        case .uncaughtSignal: return "signal \(process.terminationStatus)"
        case .exit: return "exit status \(process.terminationStatus)"
        @unknown default: return "status \(process.terminationStatus)"
        }
    }
}
