import Foundation
import JSONSchema

/// Issue #28: the parser and validator on JSON the bench does not shape for itself — the standard
/// benchmark files (non-ASCII text, objects, numbers) and a menu full of escapes and non-ASCII
/// text — in process, as whole `conform validate` runs raced against `orjson` + `jsonschema_rs`,
/// and by peak memory.
struct CorpusBench {
    let documents: [CorpusDocument]
    let repetitions: Int
    let process: ProcessTimer?
    /// The size of each race document (each corpus file repeated inside an array).
    let raceBytes: Int

    /// The in-process parse target: the tape at 1 GB/s.
    static let parseTarget = 1_000.0
    /// Bytes parsed per timed repetition: small files are parsed several times over.
    static let bytesPerRepetition = 20_000_000

    func run() throws -> [BenchRow] {
        let missing = try process.map { _ in try PythonPipeline.orjson.missingModule() } ?? nil
        let startUp = try process?.peakMemory(["--version"]).bytes ?? 0
        var rows: [BenchRow] = []
        for document in documents {
            rows += try inProcess(document)
            if let process {
                rows += try wholeProcess(document, process: process, missing: missing, startUpPeak: startUp)
            }
            rows += try MemoryBench(
                bodyBytes: raceBytes, document: document.name, hasTarget: document.hasTargets
            ).run()
        }
        return rows
    }

    /// MB/s of `JSONTape.parse` (beside Foundation's `JSONSerialization`) and of
    /// `Schema.validate(json:)`, parse included.
    private func inProcess(_ document: CorpusDocument) throws -> [BenchRow] {
        let schema = try Schema(
            try JSONParser.parse(document.schema), options: SchemaOptions(assertsFormats: true))
        guard try schema.validate(json: document.bytes).isValid else {
            throw BenchFailure("\(document.name) is not valid for its schema; the bench itself is wrong")
        }
        let bytes = document.bytes
        let data = Data(bytes)
        let rounds = max(1, Self.bytesPerRepetition / max(1, bytes.count))
        var parse = PairedTiming()
        var validate: [Double] = []
        for _ in 0..<repetitions {
            parse.subject.append(try Stopwatch.time { for _ in 0..<rounds { _ = try JSONTape.parse(bytes) } })
            parse.baseline.append(try Stopwatch.time { _ = try JSONSerialization.jsonObject(with: data) })
            validate.append(
                try Stopwatch.time { for _ in 0..<rounds { _ = try schema.validate(json: bytes) } })
        }
        let megabytes = Double(bytes.count) / 1_000_000
        let parseRate = megabytes * Double(rounds) / parse.subjectSeconds
        let foundationRate = megabytes / parse.baselineSeconds
        let validateRate = megabytes * Double(rounds) / Stopwatch.median(validate)
        let label = "\(document.name), \(Figure.megabytes(Double(bytes.count)))"
        return [
            BenchRow(
                area: "Corpus", name: "\(label) → tape", measured: Figure.megabytesPerSecond(parseRate),
                baseline: "JSONSerialization \(Figure.megabytesPerSecond(foundationRate))",
                ratio: Figure.times(parseRate / foundationRate),
                target: document.hasTargets ? "≥ \(Int(Self.parseTarget)) MB/s" : "–",
                met: document.hasTargets ? parseRate >= Self.parseTarget : nil),
            BenchRow(
                area: "Corpus", name: "\(label), validate(json:) (enum, pattern, format; parse included)",
                measured: Figure.megabytesPerSecond(validateRate),
                baseline: "JSONSerialization parse \(Figure.megabytesPerSecond(foundationRate))",
                ratio: Figure.times(validateRate / foundationRate), target: "–", met: nil),
        ]
    }

    /// `conform validate --assert-formats` of the ~25 MB document against orjson + jsonschema_rs,
    /// and the peak memory of those runs.
    private func wholeProcess(
        _ document: CorpusDocument, process: ProcessTimer, missing: String?, startUpPeak: Double
    ) throws -> [BenchRow] {
        let (bytes, schema) = document.large(raceBytes)
        let directory = FileManager.default.temporaryDirectory
        let instanceFile = directory.appendingPathComponent("conform-bench-corpus.json")
        let schemaFile = directory.appendingPathComponent("conform-bench-corpus-schema.json")
        try Data(bytes).write(to: instanceFile, options: .atomic)
        try Data(schema.utf8).write(to: schemaFile, options: .atomic)
        defer {
            try? FileManager.default.removeItem(at: instanceFile)
            try? FileManager.default.removeItem(at: schemaFile)
        }
        let race = PythonRace(process: process, repetitions: repetitions)
        let arguments = ["validate", "--assert-formats", "--schema", schemaFile.path, instanceFile.path]
        let outcome = try race.race(
            conform: arguments, against: .orjson, [schemaFile.path, instanceFile.path], missing: missing)
        let peak = try process.peakMemory(arguments).bytes
        let size = Double(bytes.count)
        let label =
            "\(document.name) \(document.name.hasSuffix(".json") ? "repeated to" : "at") \(Figure.megabytes(size))"
        let growth = peak - startUpPeak
        return [
            race.row(
                area: "Corpus", name: "conform validate vs \(PythonPipeline.orjson.label), \(label)", outcome),
            BenchRow(
                area: "Corpus", name: "peak memory of that conform validate (process)",
                measured: "+\(Figure.megabytes(growth)) (peak \(Figure.megabytes(peak)))",
                baseline:
                    "document \(Figure.megabytes(size)); --version peak \(Figure.megabytes(startUpPeak))",
                ratio: Figure.times(growth / size), target: document.hasTargets ? "≤ 2.00× document" : "–",
                met: document.hasTargets ? growth / size <= 2 : nil),
        ]
    }
}
