import ContractKit
import Foundation

/// The one preamble and epilogue of `run` and `fuzz`: parse the typed options, load the contract,
/// fill variables and credentials, start the target (the server or the embedded mock), print
/// progress, stop on Ctrl-C or `--fail-fast`, write the reports and map the verdict to the exit
/// code. Each command only says how to build its job from the prepared context.
struct TargetCommand<Own> {
    /// `run` or `fuzz`: in report names and the Markdown verdict.
    var name: String
    /// What the embedded mock is for, in "No --base-url: <purpose> the contract's own mock".
    var purpose: String
    /// What the command sends, in "unreachable for every <unit>": `case` or `request`.
    var unit: String
    var parser: ArgumentParser
    var helpExtra: String
    /// `--timeout`, with the command's default.
    var timeout: Option<Duration>
    /// The command's own typed options (`--concurrency`, `--cases`).
    var readOwn: (ParsedArguments) throws(ArgumentError) -> Own
    /// Whether the summary shows the coverage table.
    var showsCoverage: Bool

    /// Everything a command needs to build its job.
    struct Context {
        var contract: Contract
        var arguments: TargetArguments
        var own: Own
        /// The target's settings, progress included.
        var settings: TargetSettings
        var console: Console
        var progress: ProgressPrinter
    }

    /// What a command runs: an announcement printed before it starts, then the work itself, which
    /// returns the results and an optional summary printed after them.
    struct Job {
        var announce: () -> Void
        var work: @Sendable () async -> (result: RunResult, summary: String?)
    }

    func run(
        _ commandLine: [String], console: Console, environment: [String: String],
        makeJob: (Context) -> Job?
    ) async -> ExitCode {
        let read: (TargetArguments, Duration, Own)
        switch parser.start(
            commandLine, helpExtra: helpExtra, console: console,
            read: { parsed throws(ArgumentError) in
                (try TargetArguments(parsed), try parsed.value(of: self.timeout), try readOwn(parsed))
            })
        {
        case .ready(let values): read = values
        case .exit(let code): return code
        }
        let (arguments, timeout, own) = read
        guard
            let (contract, filled) = await load(
                arguments, timeout: timeout, console: console, environment: environment)
        else {
            return .usageOrContractError
        }
        let console = console.masking(filled.secrets)
        guard
            let target = ServerTarget.start(
                contract: contract, arguments: arguments, console: console, purpose: purpose)
        else { return .usageOrContractError }
        defer { target.stop() }

        let progress = ProgressPrinter(console: console, quiet: arguments.quiet, verbose: arguments.verbose)
        let stopper = FailFast(enabled: arguments.failFast)
        var settings = arguments.settings(
            baseURL: target.baseURL, timeout: timeout, secrets: filled.secrets,
            secretHeaders: filled.secretHeaders)
        settings.progress = { result in
            progress.caseFinished(result)
            stopper.caseFinished(result)
        }
        guard
            let job = makeJob(
                Context(
                    contract: contract, arguments: arguments, own: own, settings: settings, console: console,
                    progress: progress))
        else { return .usageOrContractError }
        job.announce()
        let work = job.work
        let task = Task { await work() }
        stopper.arm { task.cancel() }
        let trap = SignalTrap { _ in task.cancel() }
        let (result, summary) = await task.value
        trap.cancel()
        progress.finish(result, showCoverage: showsCoverage)
        if stopper.tripped { console.err("Stopped after the first failed case (--fail-fast).") }
        if let summary, !arguments.quiet { console.out("\n" + summary) }
        return ReportOutput(contractFile: arguments.contractFile, command: name, arguments: arguments.reports)
            .close(
                result, console: console, environment: environment, quiet: arguments.quiet,
                secrets: filled.secrets, unit: unit)
    }

    /// Loads the contract (a URL is fetched with the run's `--timeout` and `--max-body`), fills its
    /// variables and credentials, applies `--formats` and checks `--only`/`--skip` against it; nil
    /// after printing why.
    private func load(
        _ arguments: TargetArguments, timeout: Duration, console: Console, environment: [String: String]
    ) async -> (Contract, VariableArguments)? {
        let fetcher = DescriptionFetcher(timeout: timeout, maximumBodyBytes: arguments.maximumBodyBytes)
        guard
            let loaded = await ContractArgument.load(
                arguments.contractFile, strict: arguments.isStrict, fetcher: fetcher, console: console),
            let filled = VariableArguments.resolve(
                loaded, given: arguments.variables, environment: environment, console: console)
        else { return nil }
        var contract = filled.contract
        switch arguments.formats {
        case nil: break
        case .assert: contract.assertsFormats = true
        case .annotate: contract.assertsFormats = false
        }
        let known = Set(contract.endpoints.flatMap { [$0.id] + $0.tags })
        for name in arguments.selection.only where !known.contains(name) {
            guard
                let skipped = contract.skippedOperations.first(where: {
                    ([$0.endpointID] + $0.tags).contains(name)
                })
            else { continue }
            // Chosen but not loaded: a run of it would test nothing, so it must not pass.
            console.err(
                "error: --only \(name): operation \(skipped.method) \(skipped.path) was not loaded (\(skipped.summary)); fix the description, or choose other operations"
            )
            return nil
        }
        do throws(ArgumentError) {
            try arguments.checkNames(in: contract)
        } catch {
            console.err(error.rendered(for: name))
            return nil
        }
        return (contract, filled)
    }
}
