import Foundation

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

    /// Runs `executable` with output discarded and returns the wall time and exit status.
    static func run(_ executable: URL, _ arguments: [String], output: FileHandle? = nil) throws -> (
        seconds: Double, status: Int32
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output ?? FileHandle.nullDevice
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
