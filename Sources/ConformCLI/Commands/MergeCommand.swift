import ContractKit
import ContractReports

/// `conform merge <results.json>...`: one report from the shards of a CI matrix.
enum MergeCommand {
    static let parser = ArgumentParser(
        command: "merge",
        overview:
            "Merge the JSON results of several shards (conform run --shard i/n) into one set of reports.",
        positionals: [.init(name: "results", help: "JSON results files, one per shard.", isRepeatable: true)],
        options: [junit.declaration, markdown.declaration, json.declaration])

    static let junit = Option<String>.text(
        "junit", valueName: "path", help: "Merged JUnit XML report.", default: "Reports/merged.junit.xml")
    static let markdown = Option<String>.text(
        "markdown", valueName: "path", help: "Merged Markdown report.", default: "Reports/merged.md")
    static let json = Option<String>.text(
        "json", valueName: "path", help: "Merged JSON results.", default: "Reports/merged.json")

    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> ExitCode {
        let (files, paths): ([String], ReportPaths)
        switch parser.start(
            arguments, helpExtra: ExitCode.helpText, console: console,
            read: { parsed throws(ArgumentError) in
                (
                    parsed.positionals,
                    ReportPaths(
                        contractFile: "merged", junit: try parsed.value(of: junit),
                        markdown: try parsed.value(of: markdown), json: try parsed.value(of: json))
                )
            })
        {
        case .ready(let read): (files, paths) = read
        case .exit(let code): return code
        }
        var runs: [RunResult] = []
        for path in files {
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
        let output = ReportOutput(paths: paths)
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
