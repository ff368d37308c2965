import Foundation
import JSONSchema

/// `conform compat` on a year of changes to a large description (issue #36): two 1.2 MB
/// descriptions whose core schemas are reached from hundreds of operations, compared by the
/// `conform` process as CI runs it, with the JSON and Markdown reports written. The targets: at
/// most 1 s and 200 MB peak, and a Markdown report a pull-request comment takes.
struct CompatYearBench {
    let process: ProcessTimer
    let repetitions: Int

    /// Writes `year-old.json` and `year-new.json` into `folder`.
    static func writePair(to folder: String) throws {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, revised) in [("year-old.json", false), ("year-new.json", true)] {
            let text = YearOfChangesFixture.description(revised: revised).prettyText
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    func run() throws -> [BenchRow] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-bench-compat-year")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writePair(to: folder.path)
        let old = folder.appendingPathComponent("year-old.json").path
        let new = folder.appendingPathComponent("year-new.json").path
        let json = folder.appendingPathComponent("report.json").path
        let markdown = folder.appendingPathComponent("report.md").path
        let arguments = ["compat", old, new, "--json", json, "--markdown", markdown]
        var times: [Double] = []
        for _ in 0..<repetitions {
            let (seconds, status) = try process.time(arguments)
            guard status == 0 || status == 1 else { throw BenchFailure("conform compat exited \(status)") }
            times.append(seconds)
        }
        let peak = try process.peakMemory(arguments).bytes
        let size = Double((try FileManager.default.attributesOfItem(atPath: old)[.size] as? Int) ?? 0)
        let markdownBytes = (try FileManager.default.attributesOfItem(atPath: markdown)[.size] as? Int) ?? 0
        let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: json))))
        let changes = report["changes"]?.arrayValue ?? []
        let reached = changes.reduce(0) { $0 + ($1["reach"]?.arrayValue?.count ?? 1) }
        let median = Stopwatch.median(times)
        let counts = "\(changes.count) changes (\(reached) places before grouping)"
        return [
            BenchRow(
                area: "Compat",
                name:
                    "a year of changes: two \(Figure.megabytes(size)) descriptions, conform compat --json --markdown",
                measured: Figure.milliseconds(median), baseline: counts, ratio: "–", target: "≤ 1 s",
                met: median <= 1),
            BenchRow(
                area: "Compat", name: "the same comparison: peak memory (whole process)",
                measured: Figure.megabytes(peak), baseline: counts, ratio: "–", target: "≤ 200 MB",
                met: peak <= 200_000_000),
            BenchRow(
                area: "Compat", name: "the same comparison: size of the Markdown report",
                measured: "\(markdownBytes) bytes", baseline: counts, ratio: "–", target: "< 64 KiB",
                met: markdownBytes < 65_536),
        ]
    }
}
