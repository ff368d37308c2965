import ConformHTTP

/// Wall time of whole `conform` processes a CI job runs, beside `conform --version` (the cost of
/// starting the binary at all), so the ratio shows what loading and checking the contract add.
struct StartupBench {
    let process: ProcessTimer
    let repetitions: Int

    func run() throws -> [BenchRow] {
        let version = try process.median(["--version"], repetitions: repetitions)
        let lint = try process.median(["lint", "Contracts/restaurant.json"], repetitions: repetitions)
        let replay = try process.median(
            ["run", "Contracts/restaurant.json", "--reports-dir", Self.scratchReports],
            repetitions: repetitions)
        let baseline = "conform --version \(Figure.milliseconds(version))"
        return [
            BenchRow(
                area: "Start-up", name: "conform lint Contracts/restaurant.json",
                measured: Figure.milliseconds(lint),
                baseline: baseline, ratio: Figure.times(lint / version), target: "< 500 ms", met: lint < 0.5),
            BenchRow(
                area: "Start-up", name: "conform run Contracts/restaurant.json (embedded mock)",
                measured: Figure.milliseconds(replay), baseline: baseline,
                ratio: Figure.times(replay / version),
                target: "< 1000 ms", met: replay < 1),
        ]
    }

    /// `conform run` writes reports; they go to a scratch folder so the bench leaves `Reports/` alone.
    private static let scratchReports = "/tmp/conform-bench-reports"
}
