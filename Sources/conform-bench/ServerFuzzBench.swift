import ConformHTTP
import Foundation

/// Requests per second of whole `conform fuzz` processes against the embedded mock, beside
/// Schemathesis (`st run`) against `conform mock` of the same description, each sending about the
/// same number of requests: what a CI job waits for, start-up and reports included.
///
/// Schemathesis is looked for at `CONFORM_BENCH_SCHEMATHESIS`, then the lab's virtual environment
/// (`.build-lab/venv/bin/st`, made by `scripts/lab/setup.sh`) or CI's (`.build-ci/python/bin/st`,
/// made by `.ci/real-servers.sh`), then `st` on the `PATH`; without it
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
        for repetition in 0..<repetitions {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent(
                "conform-bench-mock-\(ProcessInfo.processInfo.processIdentifier)-\(repetition).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            let mock = Process()
            mock.executableURL = process.conform
            mock.arguments = ["mock", Self.description, "--port", "0"]
            mock.standardOutput = handle
            mock.standardError = handle
            try mock.run()
            defer {
                mock.terminate()
                mock.waitUntilExit()
                try? FileManager.default.removeItem(at: log)
            }
            let baseURL = try Self.servedURL(in: log)
            let (seconds, status) = try ProcessTimer.run(
                st,
                // No example database: st would keep one under .schemathesis/ in the working folder.
                ["run", Self.description, "--url", baseURL, "--seed", "1", "--generation-database", "none"])
            guard status == 0 else { throw BenchFailure("st run exited with \(status) against conform mock") }
            times.append(seconds)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            requests = text.split(separator: "\n").filter { $0.contains(" -> ") }.count
        }
        times.sort()
        return (requests, times[times.count / 2])
    }

    /// The base URL `conform mock --port 0` announces in its first line (`Serving … at http://…`),
    /// waiting up to 10 s for it.
    private static func servedURL(in log: URL) throws -> String {
        for _ in 0..<200 {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first, let start = line.range(of: " at http://") {
                let rest = line[line.index(start.lowerBound, offsetBy: 4)...]
                return String(rest.prefix { !$0.isWhitespace && $0 != "(" })
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BenchFailure("conform mock did not say where it serves")
    }

    static func locateSchemathesis() throws -> URL? {
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["CONFORM_BENCH_SCHEMATHESIS"] {
            candidates.append(given)
        }
        candidates += [".build-lab/venv/bin/st", ".build-ci/python/bin/st"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/st" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map {
            URL(fileURLWithPath: $0)
        }
    }
}
