import ContractFuzz
import ContractKit
import Foundation

/// `conform fuzz <contract> [--base-url URL]`: generated valid and invalid requests; the server
/// must accept the valid ones and reject the invalid ones with a 4xx.
enum FuzzCommand {
    static let parser = ArgumentParser(
        command: "fuzz",
        overview:
            "Send generated valid and invalid requests and check the answers. Without --base-url, fuzzes the contract's own mock.",
        positionals: [.init(name: "contract", help: "The contract file.")],
        options: ServerTarget.options + VariableArguments.options + [
            .init(
                name: "cases", valueName: "n",
                help: "Valid requests per endpoint (invalid ones are capped at the same number).",
                defaultValue: "20"),
            .init(
                name: "time-budget", valueName: "seconds", help: "Stop sending new requests after this long."),
            .init(
                name: "timeout", valueName: "seconds", help: "Time allowed for each response.",
                defaultValue: "10"),
        ] + RunOptions.transportOptions + ReportOutput.options)

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        let input: ContractCommandInput
        switch ContractCommandInput.prepare(
            arguments, parser: parser, helpExtra: checksHelp + "\n\n" + ExitCode.helpText, console: console,
            environment: environment)
        {
        case .ready(let prepared): input = prepared
        case .exit(let code): return code
        }
        let (parsed, file, contract, options) = (input.parsed, input.file, input.contract, input.options)
        let console = console.masking(options.secrets)
        guard let cases = Int(parsed.value("cases") ?? "20"), (1...10_000).contains(cases) else {
            console.err("error: '--cases' takes a number from 1 to 10000")
            return .usageOrContractError
        }
        var budget: Duration?
        if let text = parsed.value("time-budget") {
            guard let seconds = Double(text), seconds > 0 else {
                console.err("error: '--time-budget' takes a positive number of seconds")
                return .usageOrContractError
            }
            budget = .milliseconds(Int(seconds * 1000))
        }
        guard
            let target = ServerTarget.start(
                contract: contract, parsed: parsed, options: options, console: console, purpose: "fuzzing")
        else { return .usageOrContractError }
        defer { target.stop() }
        let baseURL = target.baseURL

        let progress = ProgressPrinter(console: console, quiet: options.quiet, verbose: options.verbose)
        let stopper = FailFast(enabled: options.failFast)
        let configuration = ServerFuzzer.Configuration(
            baseURL: baseURL, headers: options.headers,
            timeout: parsed.value("timeout") == nil ? .seconds(10) : options.timeout,
            casesPerEndpoint: cases, seed: options.seed, timeBudget: budget, only: options.only,
            skip: options.skip,
            shard: options.shard, redaction: options.redaction,
            maximumBodyBytes: options.maximumBodyBytes, followRedirects: options.followRedirects,
            progress: {
                progress.caseFinished($0)
                stopper.caseFinished($0)
            })
        let fuzzer = ServerFuzzer(contract: contract, configuration: configuration)
        if !options.quiet {
            console.err(
                "Fuzzing \(contract.name) \(contract.version): \(Plural.count(fuzzer.endpoints.count, "endpoint")), \(Plural.count(cases, "valid request")) each, seed \(options.seed)"
            )
        }
        let task = Task { await fuzzer.run() }
        stopper.arm { task.cancel() }
        let trap = SignalTrap { _ in task.cancel() }
        let outcome = await task.value
        trap.cancel()
        progress.finish(outcome.result, showCoverage: false)
        if stopper.tripped { console.err("Stopped after the first failed case (--fail-fast).") }
        if !options.quiet { console.out("\n" + summary(outcome)) }
        let written = ReportOutput(contractFile: file, command: "fuzz", parsed: parsed)
            .write(
                outcome.result, console: console, environment: environment, quiet: options.quiet,
                secrets: options.secrets)
        let verdict = outcome.result.verdict
        if verdict == .unreachable {
            console.err("error: \(outcome.result.baseURL) was unreachable for every request")
        }
        if verdict == .passed && !written { return .usageOrContractError }
        return ExitCode(verdict)
    }

    static let checksHelp = """
        CHECKS:
          positive_data_acceptance  valid requests get a declared status below 500, never 400 or 422
          negative_data_rejection   invalid requests get a 4xx: never a 5xx, never a 2xx
          missing_required_header   a request without a required header gets a 4xx
          unsupported_method        an undeclared method gets 405
          not_a_server_error and the response checks of 'conform run' on every answer
        """

    /// Requests sent per endpoint and check.
    static func summary(_ outcome: ServerFuzzer.Outcome) -> String {
        let checks: [CheckName] = [
            .positiveDataAcceptance, .negativeDataRejection, .missingRequiredHeader, .unsupportedMethod,
        ]
        var rows = [["endpoint"] + checks.map(\.rawValue) + ["total"]]
        var totals = Array(repeating: 0, count: checks.count)
        for (endpoint, counts) in outcome.requestCounts.sorted(by: { $0.key < $1.key }) {
            let values = checks.map { counts[$0] ?? 0 }
            for (index, value) in values.enumerated() { totals[index] += value }
            rows.append([endpoint] + values.map(String.init) + [String(values.reduce(0, +))])
        }
        rows.append(["total"] + totals.map(String.init) + [String(totals.reduce(0, +))])
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                separator: "  ")
        }
        return (["Requests sent:"] + lines.map { "  " + $0 }).joined(separator: "\n")
    }
}
