import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests per second of whole `conform fuzz` processes against the embedded mock, beside
/// Schemathesis (`st run`) against `conform mock` of the same description, each sending about the
/// same number of requests: what a CI job waits for, start-up and reports included.
///
/// Schemathesis is looked for at `CONFORM_BENCH_SCHEMATHESIS`, then the lab's virtual environment
/// (`.build-lab/venv/bin/st`, made by `scripts/lab/setup.sh`), then `st` on the `PATH`; without it
/// the row gives Conform's figure alone and says so.
struct ServerFuzzBench {
    let process: ProcessTimer
    let repetitions: Int

    /// The Restaurant API as an OpenAPI 3.1 document: both tools read the same description.
    static let description = "Tests/ContractMockTests/Fixtures/restaurant-openapi-3.1.json"
    private static let scratchReports = "/tmp/conform-bench-reports"

    func run() throws -> [BenchRow] {
        let schemathesis = try Self.locateSchemathesis()
        var theirs: (requests: Int, seconds: Double)?
        if let schemathesis { theirs = try schemathesisRun(schemathesis) }
        // As many requests as Schemathesis sent (its default budget), else Conform's default:
        // requests do not grow in proportion to --cases (an endpoint with two valid requests
        // stays at two), so the case count is corrected until the totals are within 5 %.
        var cases = 20
        var requests = try conformRequests(cases: cases)
        if let target = theirs?.requests {
            for _ in 0..<6 where abs(requests - target) * 20 > target {
                cases = max(1, Int((Double(cases) * Double(target) / Double(requests)).rounded(.up)))
                requests = try conformRequests(cases: cases)
            }
        }
        let seconds = try process.median(
            [
                "fuzz", Self.description, "--cases", String(cases), "--quiet", "--reports-dir",
                Self.scratchReports,
            ],
            repetitions: repetitions)
        let ours = Double(requests) / seconds
        let measured =
            "\(Figure.fixed(ours, 0)) req/s (\(requests) requests in \(Figure.milliseconds(seconds)))"
        let name = "conform fuzz (embedded mock) vs st run on conform mock, Restaurant OpenAPI"
        guard let theirs else {
            return [
                BenchRow(
                    area: "Server fuzz", name: name, measured: measured,
                    baseline: "Schemathesis absent (run scripts/lab/setup.sh): not raced", ratio: "-",
                    target: "≥ 10× Schemathesis", met: nil)
            ]
        }
        let rate = Double(theirs.requests) / theirs.seconds
        let ratio = ours / rate
        return [
            BenchRow(
                area: "Server fuzz", name: name, measured: measured,
                baseline:
                    "st \(Figure.fixed(rate, 0)) req/s (\(theirs.requests) requests in \(Figure.milliseconds(theirs.seconds)))",
                ratio: Figure.times(ratio), target: "≥ 10× Schemathesis", met: ratio >= 10)
        ]
    }

    /// How many requests `conform fuzz --cases cases` sends: the total of its summary table.
    private func conformRequests(cases: Int) throws -> Int {
        let pipe = Pipe()
        let (_, status) = try ProcessTimer.run(
            process.conform,
            ["fuzz", Self.description, "--cases", String(cases), "--reports-dir", Self.scratchReports],
            output: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0,
            let total = output.split(separator: "\n").last(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("total ")
            }),
            let count = total.split(separator: " ").last.flatMap({ Int($0) })
        else {
            throw BenchFailure("conform fuzz exited with \(status) or printed no request total:\n\(output)")
        }
        return count
    }

    /// Serves the description with `conform mock`, runs `st run` against it, and counts the
    /// requests the mock logged: the median wall time over the repetitions, and the request count.
    private func schemathesisRun(_ st: URL) throws -> (requests: Int, seconds: Double) {
        var times: [Double] = []
        var requests = 0
        for _ in 0..<repetitions {
            let port = try Self.freePort()
            let log = FileManager.default.temporaryDirectory.appendingPathComponent(
                "conform-bench-mock-\(port).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            let mock = Process()
            mock.executableURL = process.conform
            mock.arguments = ["mock", Self.description, "--port", String(port)]
            mock.standardOutput = handle
            mock.standardError = handle
            try mock.run()
            defer {
                mock.terminate()
                mock.waitUntilExit()
                try? FileManager.default.removeItem(at: log)
            }
            try Self.waitUntilListening(port)
            let (seconds, status) = try ProcessTimer.run(
                st, ["run", Self.description, "--url", "http://127.0.0.1:\(port)", "--seed", "1"])
            guard status == 0 else { throw BenchFailure("st run exited with \(status) against conform mock") }
            times.append(seconds)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            requests = text.split(separator: "\n").filter { $0.contains(" -> ") }.count
        }
        times.sort()
        return (requests, times[times.count / 2])
    }

    static func locateSchemathesis() throws -> URL? {
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["CONFORM_BENCH_SCHEMATHESIS"] {
            candidates.append(given)
        }
        candidates.append(".build-lab/venv/bin/st")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/st" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map {
            URL(fileURLWithPath: $0)
        }
    }

    /// A port nothing listens on now: bound to port 0, read, released.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchFailure("cannot open a socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else { throw BenchFailure("cannot bind a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits (up to 10 s) until something accepts connections on `port`.
    private static func waitUntilListening(_ port: Int) throws {
        for _ in 0..<200 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(descriptor)
            if connected { return }
            usleep(50_000)
        }
        throw BenchFailure("conform mock did not start listening on port \(port)")
    }
}
