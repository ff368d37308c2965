import ContractKit
import ContractReports

/// `conform diff <baseline.json> <current.json>`: what a server release or a client-model change
/// broke, fixed, added or slowed down.
enum DiffCommand {
    static let parser = ArgumentParser(
        command: "diff",
        overview: "Compare two JSON results: regressions, fixed cases, new and removed cases, slower cases.",
        positionals: [
            .init(name: "baseline", help: "Results of the earlier run (a .json written by conform run)."),
            .init(name: "current", help: "Results of the later run."),
        ],
        options: [
            .init(name: "markdown", valueName: "path", help: "Also write the comparison as Markdown."),
            .init(
                name: "slower-than", valueName: "ratio",
                help: "A case is slower when it takes this many times its baseline (and 50 ms more).",
                defaultValue: "1.5"),
        ])

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        if ArgumentParser.wantsHelp(arguments) {
            console.out(
                parser.help(
                    extra:
                        "EXIT CODES:\n  0  no regression\n  1  a case that passed now fails or errors\n  2  usage error or unreadable results"
                ))
            return .success
        }
        guard let parsed = parser.parseOrReport(arguments, console: console) else {
            return .usageOrContractError
        }
        guard let ratio = Double(parsed.value("slower-than") ?? "1.5"), ratio > 1 else {
            console.err("error: '--slower-than' takes a number above 1, such as 1.5")
            return .usageOrContractError
        }
        let results = parsed.positionals.map(ReportOutput.readResults)
        var loaded: [RunResult] = []
        for result in results {
            switch result {
            case .success(let run): loaded.append(run)
            case .failure(let error):
                console.err("error: \(error.message)")
                return .usageOrContractError
            }
        }
        let diff = ResultsDiff(baseline: loaded[0], current: loaded[1], slowerThreshold: ratio)
        console.out(diff.text())
        if let path = parsed.value("markdown") {
            do {
                try ReportWriter.write(diff.markdown(), to: path)
            } catch {
                console.err("error: cannot write \(path): \(error)")
                return .usageOrContractError
            }
        }
        return diff.hasRegressions ? .checkFailed : .success
    }
}
