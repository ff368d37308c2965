import Foundation
import JSONSchema

/// Issue #38's rows: `conform validate --assert-formats` on each ~25 MB race document
/// (`RaceDocuments`) against orjson + jsonschema_rs, whole process (`validate-race`, ≥ 4× faster),
/// and the peak resident memory of that process and of a response body's check
/// (`validate-memory`, ≤ 2× the document).
///
/// The process peak is the whole process, runtime included (about 28 MB of `conform --version`),
/// divided by the document's size; the response body's is the growth of a child process while it
/// holds the body and checks it as `run`, `fuzz` and `proxy` do (`ParsedJSONBody`), since a server
/// process's own size is not the body's.
struct ValidateRaceBench {
    let process: ProcessTimer
    let repetitions: Int
    let race: Bool
    let memory: Bool

    static let speedTarget = 4.0
    static let memoryTarget = 2.0

    func run() throws -> [BenchRow] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-bench-race-\(getpid())")
        let documents = try RaceDocuments.write(bytes: 25_000_000, into: directory)
        defer {
            documents.remove()
            try? FileManager.default.removeItem(at: directory)
        }
        let missing = race ? try PythonPipeline.orjson.missingModule() : nil
        var rows: [BenchRow] = []
        for file in documents.files {
            let arguments = ["validate", "--assert-formats", "--schema", file.schema, file.document]
            if race {
                let outcome = try PythonRace(process: process, repetitions: repetitions).race(
                    conform: arguments, against: .orjson, [file.schema, file.document], missing: missing)
                var row = PythonRace(process: process, repetitions: repetitions).row(
                    area: "Validate (#38)",
                    name:
                        "conform validate vs orjson + jsonschema_rs, \(file.name) \(Figure.megabytes(Double(file.bytes)))",
                    outcome, target: Self.speedTarget)
                row.baseline += " (load \(LoadAverage.now))"
                rows.append(row)
                rows.append(try limits(file))
            }
            if memory {
                rows += try memoryRows(file, arguments: arguments)
            }
        }
        return rows
    }

    /// How far the race is from the machine's limits: the same process only starting
    /// (`--version`), only reading the file's structure (`validate` without a schema: the
    /// streaming scan with nothing to check), and the file's plain read.
    private func limits(_ file: RaceDocuments.File) throws -> BenchRow {
        let startUp = try process.median(["--version"], repetitions: repetitions)
        let scan = try process.median(["validate", file.document], repetitions: repetitions)
        var reads: [Double] = []
        for _ in 0..<repetitions {
            reads.append(try Stopwatch.time { _ = try Data(contentsOf: URL(fileURLWithPath: file.document)) })
        }
        return BenchRow(
            area: "Validate (#38)",
            name: "limits for \(file.name): start-up / structure scan (process) / plain read",
            measured:
                "\(Figure.milliseconds(startUp)) / \(Figure.milliseconds(scan)) / \(Figure.milliseconds(Stopwatch.median(reads)))",
            baseline: "load \(LoadAverage.now)", ratio: "–", target: "–", met: nil)
    }

    private func memoryRows(_ file: RaceDocuments.File, arguments: [String]) throws -> [BenchRow] {
        let size = Double(file.bytes)
        var peaks: [Double] = []
        for _ in 0..<max(1, repetitions / 2) {
            let (peak, status) = try process.peakMemory(arguments)
            guard status == 0 else {
                throw BenchFailure("conform validate \(file.name) exited with \(status)")
            }
            peaks.append(peak)
        }
        let peak = Stopwatch.median(peaks)
        let body = try MemoryBench(bodyBytes: file.bytes, document: file.name).responseBody(
            file.document, schema: file.schema)
        return [
            BenchRow(
                area: "Validate (#38)", name: "peak memory of conform validate, \(file.name) (whole process)",
                measured: "peak \(Figure.megabytes(peak))", baseline: "document \(Figure.megabytes(size))",
                ratio: Figure.times(peak / size), target: "≤ \(Figure.fixed(Self.memoryTarget, 2))× document",
                met: peak / size <= Self.memoryTarget),
            BenchRow(
                area: "Validate (#38)",
                name: "response body \(file.name): held and checked as run/fuzz/proxy do (child growth)",
                measured: "+\(Figure.megabytes(body.growth))", baseline: "body \(Figure.megabytes(size))",
                ratio: Figure.times(body.growth / size),
                target: "≤ \(Figure.fixed(Self.memoryTarget, 2))× body",
                met: body.growth / size <= Self.memoryTarget),
        ]
    }
}

/// The one-minute load average, shown beside the races (they are noisy on a busy machine).
enum LoadAverage {
    static var now: String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
            let first = text.split(separator: " ").first
        else { return "n/a" }
        return String(first)
    }
}
