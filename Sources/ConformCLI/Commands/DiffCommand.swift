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
        options: [markdown.declaration, slowerThan.declaration])

    static let markdown = Option<String?>.text(
        "markdown", valueName: "path", help: "Also write the comparison as Markdown.")
    static let slowerThan = Option<Double>.number(
        "slower-than", valueName: "ratio",
        help: "A case is slower when it takes this many times its baseline (and 50 ms more).", default: 1.5,
        above: 1)

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let help =
            "EXIT CODES:\n  0  no regression\n  1  a case that passed now fails or errors\n  2  usage error or unreadable results"
        let (files, ratio, markdownPath): ([String], Double, String?)
        switch parser.start(
            arguments, helpExtra: help, console: console,
            read: { parsed throws(ArgumentError) in
                (parsed.positionals, try parsed.value(of: slowerThan), try parsed.value(of: markdown))
            })
        {
        case .ready(let read): (files, ratio, markdownPath) = read
        case .exit(let code): return code
        }
        var loaded: [RunResult] = []
        for result in files.map(ReportOutput.readResults) {
            switch result {
            case .success(let run): loaded.append(run)
            case .failure(let error):
                console.err("error: \(error.message)")
                return .usageOrContractError
            }
        }
        let diff = ResultsDiff(baseline: loaded[0], current: loaded[1], slowerThreshold: ratio)
        console.out(diff.text())
        if let path = markdownPath {
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
