import ConformHTTP
import Foundation

/// Whole-process races of `conform validate` against a Python pipeline on the same files, run
/// alternately so both see the same machine load.
///
/// Python reads the schema and the instance inside its timed process, as `conform` compiles the
/// schema inside its own. Issue #18 raced `json.load` + `jsonschema_rs` (a Rust validator) on the
/// Restaurant menu; issue #28 races the fastest pipeline Python has, `orjson` + `jsonschema_rs`,
/// with formats asserted on both sides.
struct PythonRace {
    let process: ProcessTimer
    let repetitions: Int

    /// Medians of one race, and the median of the per-repetition ratios.
    struct Outcome {
        var conform: Double
        /// nil when Python lacks a module of the pipeline.
        var python: Double?
        var speedup: Double?
        /// The module Python lacks, when it lacks one.
        var missing: String?
    }

    /// Runs `conform validate …` and, unless Python lacks `missing`, the pipeline on `files`.
    func race(
        conform arguments: [String], against pipeline: PythonPipeline, _ files: [String], missing: String?
    ) throws -> Outcome {
        var timing = PairedTiming()
        for _ in 0..<repetitions {
            let ours = try process.time(arguments)
            guard ours.status == 0 else {
                throw BenchFailure("conform \(arguments.joined(separator: " ")) exited with \(ours.status)")
            }
            timing.subject.append(ours.seconds)
            guard missing == nil else { continue }
            let (seconds, status) = try ProcessTimer.run(
                PythonPipeline.python, [PythonPipeline.interpreter, "-c", pipeline.script] + files)
            guard status == 0 else {
                throw BenchFailure("python (\(pipeline.label)) rejected \(files.last ?? "") (\(status))")
            }
            timing.baseline.append(seconds)
        }
        let python = missing == nil ? timing.baselineSeconds : nil
        return Outcome(
            conform: timing.subjectSeconds, python: python, speedup: missing == nil ? timing.speedup : nil,
            missing: missing)
    }

    /// Issue #18's row: a 24 MB Restaurant menu against the contract's `MenuResponse`.
    func menuRow(bytes: Int) throws -> BenchRow {
        let name =
            "conform validate vs python json.load + jsonschema_rs, \(Figure.megabytes(Double(bytes))) menu"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench-race.json")
        try Data(MenuFixture.menu(bytes: bytes)).write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let contract = "Contracts/restaurant.json"
        let outcome = try race(
            conform: ["validate", "--schema", contract + "#/schemas/MenuResponse", file.path],
            against: .contractMenu, [contract, file.path],
            missing: try PythonPipeline.contractMenu.missingModule())
        return row(area: "Validator", name: name, outcome)
    }

    /// The row of an outcome: conform's time, the pipeline's, and the target (≥ 3× unless given).
    func row(area: String, name: String, _ outcome: Outcome, target: Double = 3) -> BenchRow {
        BenchRow(
            area: area, name: name, measured: Figure.milliseconds(outcome.conform),
            baseline: outcome.python.map { "python \(Figure.milliseconds($0))" }
                ?? "python lacks \(outcome.missing ?? "a module"): not raced",
            ratio: outcome.speedup.map(Figure.times) ?? "–", target: "≥ \(Figure.fixed(target, 0))× faster",
            met: outcome.speedup.map { $0 >= target })
    }
}

/// A Python validation pipeline: the modules it needs and the script that reads and validates.
struct PythonPipeline: Sendable {
    let label: String
    let modules: [String]
    let script: String

    static let python = URL(fileURLWithPath: "/usr/bin/env")
    /// The bench's own interpreter with the pinned pipeline (`scripts/bench-python.sh` makes it),
    /// else `python3` from `PATH`.
    static let venv = ".build/bench-venv/bin/python3"
    static var interpreter: String { FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3" }

    /// `json.load` + `jsonschema_rs` on a contract's `MenuResponse` (arguments: contract, instance).
    static let contractMenu = PythonPipeline(
        label: "json.load + jsonschema_rs", modules: ["jsonschema_rs"],
        script: """
            import json, sys
            import jsonschema_rs
            contract = json.load(open(sys.argv[1]))
            schema = {"$ref": "#/schemas/MenuResponse", "schemas": contract["schemas"]}
            instance = json.load(open(sys.argv[2]))
            sys.exit(0 if jsonschema_rs.validator_for(schema).is_valid(instance) else 1)
            """)

    /// `orjson` + `jsonschema_rs` with formats asserted (arguments: schema, instance).
    static let orjson = PythonPipeline(
        label: "orjson + jsonschema_rs", modules: ["orjson", "jsonschema_rs"],
        script: """
            import sys
            import orjson, jsonschema_rs
            with open(sys.argv[1], "rb") as f: schema = orjson.loads(f.read())
            with open(sys.argv[2], "rb") as f: instance = orjson.loads(f.read())
            valid = jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(instance)
            sys.exit(0 if valid else 1)
            """)

    /// The first module `python3` cannot import, or nil when all import.
    func missingModule() throws -> String? {
        for module in modules {
            let (_, status) = try ProcessTimer.run(Self.python, [Self.interpreter, "-c", "import \(module)"])
            if status != 0 { return module }
        }
        return nil
    }
}
