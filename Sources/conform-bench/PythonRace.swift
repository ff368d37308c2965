import Foundation

/// The whole-process race of issue #18: `conform validate` of a 24 MB menu against Python's
/// `json.load` + `jsonschema_rs` (a Rust validator) on the same files, run alternately.
///
/// Python builds the same schema (the contract's `schemas` with a root `$ref` to `MenuResponse`)
/// inside its timed process, as `conform` compiles the contract's schema inside its own.
struct PythonRace {
    let process: ProcessTimer
    let repetitions: Int
    let bytes: Int

    static let script = """
        import json, sys
        import jsonschema_rs
        contract = json.load(open(sys.argv[1]))
        schema = {"$ref": "#/schemas/MenuResponse", "schemas": contract["schemas"]}
        instance = json.load(open(sys.argv[2]))
        sys.exit(0 if jsonschema_rs.validator_for(schema).is_valid(instance) else 1)
        """

    func run() throws -> BenchRow {
        let name =
            "conform validate vs python json.load + jsonschema_rs, \(Figure.megabytes(Double(bytes))) menu"
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let (_, probe) = try ProcessTimer.run(python, ["python3", "-c", "import jsonschema_rs"])
        guard probe == 0 else {
            return BenchRow(
                area: "Validator", name: name, measured: "–",
                baseline: "jsonschema_rs not installed (pip install jsonschema-rs)", ratio: "–",
                target: "≥ 3× faster", met: nil)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-bench-race.json")
        try Data(MenuFixture.menu(bytes: bytes)).write(to: file, options: .atomic)
        defer { try? FileManager.default.removeItem(at: file) }
        let contract = "Contracts/restaurant.json"
        var ours: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<repetitions {
            let (seconds, status) = try process.time([
                "validate", "--schema", contract + "#/schemas/MenuResponse", file.path,
            ])
            guard status == 0 else {
                throw BenchFailure("conform validate rejected the race menu (\(status))")
            }
            ours.append(seconds)
            let (pythonSeconds, pythonStatus) = try ProcessTimer.run(
                python, ["python3", "-c", Self.script, contract, file.path])
            guard pythonStatus == 0 else {
                throw BenchFailure("python rejected the race menu (\(pythonStatus))")
            }
            theirs.append(pythonSeconds)
        }
        let conform = Stopwatch.median(ours)
        let pipeline = Stopwatch.median(theirs)
        return BenchRow(
            area: "Validator", name: name, measured: Figure.milliseconds(conform),
            baseline: "python \(Figure.milliseconds(pipeline))", ratio: Figure.times(pipeline / conform),
            target: "≥ 3× faster", met: pipeline / conform >= 3)
    }
}
