import ConformHTTP
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the `conform` CLI as a whole process and times it by the wall clock, because start-up,
/// loading and output are part of what a CI job waits for.
struct ProcessTimer {
    /// The `conform` binary built in the same configuration, beside this executable.
    let conform: URL

    /// Finds `conform` next to the running bench; fails with the build command when it is missing.
    static func locate() throws(BenchFailure) -> ProcessTimer {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let candidate = own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "conform")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw BenchFailure(
                "no conform binary at \(candidate.path); build it first: swift build -c release --product conform"
            )
        }
        return ProcessTimer(conform: candidate)
    }

    /// The bench executable itself, for re-launching as a child probe.
    static var ownExecutable: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath()
    }

    /// Seconds from launch to exit of `conform arguments…`, with its exit status.
    func time(_ arguments: [String]) throws -> (seconds: Double, status: Int32) {
        try Self.run(conform, arguments)
    }

    /// The peak resident bytes of `conform arguments…`, and its exit status.
    ///
    /// Linux keeps a process's `ru_maxrss` across `exec`, starting from the size of the process
    /// that spawned it, so a child of the bench (hundreds of MB of fixtures) would report at least
    /// the bench's own size. A fresh, small copy of the bench (`--peak-memory-of`) spawns it instead.
    func peakMemory(_ arguments: [String]) throws -> (bytes: Double, status: Int32) {
        let pipe = Pipe()
        let (_, launched) = try Self.run(
            Self.ownExecutable, ["--peak-memory-of", conform.path] + arguments,
            output: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard launched == 0, fields.count == 2, let status = Int32(fields[0]), let bytes = Double(fields[1])
        else {
            throw BenchFailure("the peak memory launcher failed (status \(launched)): \(output)")
        }
        return (bytes, status)
    }

    /// What one timed child run gave.
    struct Measurement {
        var seconds: Double
        var status: Int32
        /// The child's peak resident set (`ru_maxrss` from `wait4`), in bytes.
        var peakBytes: Double
    }

    /// Runs `executable` and returns the wall time and exit status; output goes to `output`, or
    /// is discarded.
    static func run(_ executable: URL, _ arguments: [String], output: FileHandle? = nil) throws -> (
        seconds: Double, status: Int32
    ) {
        if let output { return try runCapturing(executable, arguments, output: output) }
        let measured = try measure(executable, arguments)
        return (measured.seconds, measured.status)
    }

    /// Runs `executable` with its output discarded; `wait4` reaps it and reports its peak memory.
    ///
    /// Timed runs are spawned and reaped here with `posix_spawn` and `wait4`: Foundation's
    /// `Process.waitUntilExit` on Linux notices an exit on a run-loop tick, which rounded every
    /// figure up to a multiple of about 50 ms (a 110 ms `conform validate` read as 152 ms).
    static func measure(_ executable: URL, _ arguments: [String]) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        var status: Int32 = 0
        var spawned: Int32 = 0
        var usage = rusage()
        let seconds = Stopwatch.time {
            spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
            guard spawned == 0 else { return }
            while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        }
        guard spawned == 0 else {
            throw BenchFailure("cannot launch \(executable.path): \(String(cString: strerror(spawned)))")
        }
        // The exit status is bits 8-15 of a normal exit; a signal death reads as 128 + its number.
        let exited = status & 0x7F == 0
        #if canImport(Darwin)
            let peak = Double(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Double(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return Measurement(
            seconds: seconds, status: exited ? (status >> 8) & 0xFF : 128 + status & 0x7F, peakBytes: peak)
    }

    /// `Process`, for the runs whose output is read (not timed precisely).
    private static func runCapturing(_ executable: URL, _ arguments: [String], output: FileHandle) throws -> (
        seconds: Double, status: Int32
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let seconds = try Stopwatch.time {
            try process.run()
            process.waitUntilExit()
        }
        return (seconds, process.terminationStatus)
    }

    /// The median wall time over `repetitions` runs; fails when a run exits with a status not in `expected`.
    func median(_ arguments: [String], repetitions: Int, expected: Set<Int32> = [0]) throws -> Double {
        var times: [Double] = []
        for _ in 0..<repetitions {
            let (seconds, status) = try time(arguments)
            guard expected.contains(status) else {
                throw BenchFailure("conform \(arguments.joined(separator: " ")) exited with \(status)")
            }
            times.append(seconds)
        }
        return Stopwatch.median(times)
    }
}
