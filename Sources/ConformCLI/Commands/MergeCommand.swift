import ContractKit
import ContractReports

/// `conform merge <results.json>...`: one report from the shards of a CI matrix.
enum MergeCommand {
    static let parser = ArgumentParser(
        command: "merge",
        overview:
            "Merge the JSON results of several shards (conform run --shard i/n) into one set of reports.",
        positionals: [.init(name: "results", help: "JSON results files, one per shard.", isRepeatable: true)],
        options: [
            .init(
                name: "junit", valueName: "path", help: "Merged JUnit XML report.",
                defaultValue: "Reports/merged.junit.xml"),
            .init(
                name: "markdown", valueName: "path", help: "Merged Markdown report.",
                defaultValue: "Reports/merged.md"),
            .init(
                name: "json", valueName: "path", help: "Merged JSON results.",
                defaultValue: "Reports/merged.json"),
        ])

    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> ExitCode {
        if ArgumentParser.wantsHelp(arguments) {
            console.out(parser.help(extra: ExitCode.helpText))
            return .success
        }
        guard let parsed = parser.parseOrReport(arguments, console: console) else {
            return .usageOrContractError
        }
        var runs: [RunResult] = []
        for path in parsed.positionals {
            switch ReportOutput.readResults(path) {
            case .success(let run): runs.append(run)
            case .failure(let error):
                console.err("error: \(error.message)")
                return .usageOrContractError
            }
        }
        let merged: MergedResults
        do {
            merged = try ResultsMerge.mergeReporting(runs)
        } catch {
            console.err("error: \(error)")
            return .usageOrContractError
        }
        for warning in merged.warnings { console.err("warning: \(warning)") }
        let output = ReportOutput(
            paths: ReportPaths(
                contractFile: "merged", junit: parsed.value("junit") ?? "Reports/merged.junit.xml",
                markdown: parsed.value("markdown") ?? "Reports/merged.md",
                json: parsed.value("json") ?? "Reports/merged.json"))
        guard output.write(merged.result, console: console, environment: environment, quiet: false) else {
            return .usageOrContractError
        }
        let result = merged.result
        console.out(
            "\(result.count(.passed)) passed, \(result.count(.failed)) failed, \(Plural.count(result.count(.error), "error")), \(result.count(.skipped)) skipped in \(Plural.count(runs.count, "result file"))"
        )
        return ExitCode(result.verdict)
    }
}
