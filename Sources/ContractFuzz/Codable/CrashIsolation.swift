import ConformHTTP
import ContractKit
public import Foundation

/// Runs model decoding in a child process, so a trap in a custom `init(from:)` or an endless loop
/// becomes a finding instead of the end of the run.
///
/// Swift cannot catch a trap, so the only safe place to decode an untrusted payload with an
/// unknown model is another process. `CrashIsolation` re-launches an executable (by default the
/// current test binary, selecting one entry test) with environment variables that mark it as a
/// child and name the model (by its full type identity, see `ModelHarness.identity`) and an output
/// file. The child stays up for a whole fuzz run: the parent hands it payload files (`request-<n>`
/// in a private directory), and the child writes one line before and one after decoding each
/// payload. A payload that was begun and never finished crashed the child (the parent reads its
/// exit status) or hung it (no result within `timeout`, counted from the moment the child reported
/// ready, so a slow launch is never a hang); the parent then starts a new child for the payloads
/// after it. A run costs one launch (about 90 ms for a debug test binary) plus one per crash, and
/// `CodableFuzzer` neutralizes a cause once found, so each cause is paid for once.
///
/// The binary must register its models and call `runChildIfRequested()` early:
///
/// ```swift
/// @Test func crashIsolationEntry() {
///     CrashIsolation.register(.roundTrip(MenuItem.self))
///     CrashIsolation.runChildIfRequested()   // decodes and exits in the child; returns otherwise
/// }
/// let isolation = CrashIsolation.swiftTestingEntry("crashIsolationEntry")
/// ```
public struct CrashIsolation: Sendable {
    /// The executable to launch.
    public var executable: URL
    /// Its arguments (for a test binary: the ones that select the entry test).
    public var arguments: [String]
    /// Seconds one payload may take to decode before it counts as a hang. The clock starts when
    /// the child has started and reported ready, so a slow launch is never a hang.
    public var timeout: Double
    /// Seconds a child may take to start and report ready (a debug test binary on a loaded machine
    /// can take a few); past it the run ends with an `isolationFailed` finding.
    public var launchTimeout: Double = 60

    static let childVariable = "CONFORM_ISOLATION_CHILD"
    static let typeVariable = "CONFORM_ISOLATION_TYPE"
    static let outputVariable = "CONFORM_ISOLATION_OUTPUT"
    static let firstBatchVariable = "CONFORM_ISOLATION_FIRST_BATCH"
    static let parentVariable = "CONFORM_ISOLATION_PARENT"

    public init(executable: URL, arguments: [String], timeout: Double = 2) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
    }

    /// The current test binary, running only the Swift Testing test named `entryTest`
    /// (a `--filter` expression) in the child.
    ///
    /// Only the arguments that locate the tests are kept (`--test-bundle-path` on macOS), so the
    /// child never writes the parent's result files (`--xunit-output`, event streams).
    public static func swiftTestingEntry(_ entryTest: String, timeout: Double = 2) -> CrashIsolation {
        let original = ProcessInfo.processInfo.arguments
        var arguments: [String] = []
        if let bundle = original.firstIndex(of: "--test-bundle-path"), bundle + 1 < original.count {
            arguments += [original[bundle], original[bundle + 1]]
        }
        arguments += ["--testing-library", "swift-testing", "--filter", entryTest]
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

    /// Makes `harness` decodable in the child under its identity (the model's full type and
    /// whether it re-encodes); call it in parent and child alike.
    public static func register(_ harness: ModelHarness) {
        registry.withLock { $0[harness.identity] = harness }
    }

    static func harness(identity: String) -> ModelHarness? { registry.withLock { $0[identity] } }

    /// What is registered, for the message when a model is missing.
    static var registeredNames: [String] {
        registry.withLock {
            $0.values.map { "\($0.qualifiedName) (\($0.encodes ? "roundTrip" : "decoding"))" }
        }
        .sorted()
    }

    /// Whether this process is an isolation child.
    public static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }

    /// In a child, decodes each payload file the parent hands over with the registered model, and
    /// exits when the parent goes away; otherwise returns at once.
    public static func runChildIfRequested() {
        let environment = ProcessInfo.processInfo.environment
        guard let directory = environment[childVariable], let typeName = environment[typeVariable],
            let outputPath = environment[outputVariable]
        else { return }
        guard let output = FileHandle(forWritingAtPath: outputPath) else { exit(3) }
        output.seekToEndOfFile()
        func emit(_ line: String) { output.write(Data((line + "\n").utf8)) }
        guard let harness = harness(identity: typeName) else {
            let known = registeredNames
            emit(
                "E "
                    + (known.isEmpty
                        ? "nothing is registered" : "registered: " + known.joined(separator: ", ")))
            exit(3)
        }
        emit("H")
        let parent = environment[parentVariable].flatMap { Int32($0) } ?? getppid()
        var batch = environment[firstBatchVariable].flatMap { Int($0) } ?? 1
        while getppid() == parent {
            let request = "\(directory)/request-\(batch)"
            guard FileManager.default.fileExists(atPath: request) else {
                Thread.sleep(forTimeInterval: 0.001)
                continue
            }
            for (index, bytes) in IsolationWire.readPayloads(atPath: request).enumerated() {
                emit("B \(batch) \(index)")
                emit("R \(batch) \(index) " + IsolationWire.encode(harness.run(bytes)))
            }
            batch += 1
        }
        exit(0)
    }

    // MARK: Parent

    /// A child process that decodes payloads with `harness`, started on first use.
    func session(for harness: ModelHarness) -> IsolationSession {
        IsolationSession(isolation: self, harness: harness)
    }
}
