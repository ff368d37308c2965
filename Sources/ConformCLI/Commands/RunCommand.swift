import ContractKit
import Foundation

/// `conform run <contract> [--base-url URL]`: replays the contract and gates CI with the exit code.
enum RunCommand {
    static let parser = ArgumentParser(
        command: "run",
        overview:
            "Replay a contract against a server and check every response. Without --base-url, runs against the contract's own mock.",
        positionals: [.init(name: "contract", help: "The contract file.")],
        options: ServerTarget.options + VariableArguments.options + [
            .init(
                name: "timeout", valueName: "seconds", help: "Time allowed for each response.",
                defaultValue: "30"),
            .init(
                name: "concurrency", valueName: "n", help: "Independent chains of cases run at once.",
                defaultValue: "4"),
            .init(
                name: "retries", valueName: "n",
                help: "Retries after transport errors only (never after a response).", defaultValue: "0"),
            .init(
                name: "record", valueName: "dir",
                help: "Save every response body under dir/<endpoint>/ as corpus samples."),
        ] + RunOptions.transportOptions + ReportOutput.options)

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        let input: ContractCommandInput
        switch ContractCommandInput.prepare(
            arguments, parser: parser, helpExtra: ExitCode.helpText, console: console,
            environment: environment)
        {
        case .ready(let prepared): input = prepared
        case .exit(let code): return code
        }
        let (parsed, file, contract, options) = (input.parsed, input.file, input.contract, input.options)
        let console = console.masking(options.secrets)

        guard
            let target = ServerTarget.start(
                contract: contract, parsed: parsed, options: options, console: console, purpose: "checking")
        else { return .usageOrContractError }
        defer { target.stop() }
        let baseURL = target.baseURL

        let progress = ProgressPrinter(console: console, quiet: options.quiet, verbose: options.verbose)
        let stopper = FailFast(enabled: options.failFast)
        var configuration = options.replayConfiguration(baseURL: baseURL)
        configuration.progress = { result in
            progress.caseFinished(result)
            stopper.caseFinished(result)
        }
        let replayer = Replayer(contract: contract, configuration: configuration)
        progress.start(
            total: replayer.selection().filter(\.selected).count, contract: contract, baseURL: baseURL)

        let task = Task { await replayer.run() }
        stopper.arm { task.cancel() }
        let trap = SignalTrap { _ in task.cancel() }
        let result = await task.value
        trap.cancel()
        progress.finish(result)
        if stopper.tripped { console.err("Stopped after the first failed case (--fail-fast).") }
        let reports = ReportOutput(contractFile: file, command: "run", parsed: parsed)
        let written = reports.write(
            result, console: console, environment: environment, quiet: options.quiet, secrets: options.secrets
        )
        let verdict = result.verdict
        if verdict == .unreachable { console.err("error: \(baseURL) was unreachable for every case") }
        if verdict == .passed && !written { return .usageOrContractError }
        return ExitCode(verdict)
    }
}

/// The parsed and checked options of `conform run`.
struct RunOptions {
    var baseURL: String?
    var headers: [HeaderField] = []
    var timeout: Duration = .seconds(30)
    var concurrency = 4
    var retries = 0
    var only: [String] = []
    var skip: [String] = []
    var shard: (index: Int, count: Int)?
    var recordDirectory: String?
    var redact: [String] = []
    var seed: UInt64 = 1
    var quiet = false
    var maximumBodyBytes = HTTPTransport.defaultMaximumBodyBytes
    var followRedirects = false

    /// `--max-body` and `--follow-redirects`, shared by `run` and `fuzz`.
    static let transportOptions: [ArgumentParser.Option] = [
        .init(
            name: "max-body", valueName: "MiB",
            help: "Largest response body accepted; a larger one is cut and reported (response_size).",
            defaultValue: String(HTTPTransport.defaultMaximumBodyBytes / 1_048_576)),
        .init(
            name: "follow-redirects", valueName: nil,
            help: "Follow same-origin redirects (at most 10); by default a 3xx is the response checked."),
    ]

    var verbose = false
    var failFast = false
    /// Values masked in every output (environment values the contract uses, secret vars, credentials).
    var secrets: [String] = []

    /// What output hides: the `--redact` headers and every secret value.
    var redaction: Redaction { Redaction(additional: redact, secretValues: secrets) }

    init?(_ parsed: ArgumentParser.ParsedArguments, contract: Contract, console: Console) {
        func fail(_ message: String) { console.err("error: \(message)") }
        if let url = parsed.value("base-url") {
            guard let components = URLComponents(string: url),
                components.scheme == "http" || components.scheme == "https",
                components.host?.isEmpty == false
            else { fail("'--base-url' must be an http:// or https:// URL, not '\(url)'"); return nil }
            baseURL = url
        }
        for header in parsed.all("header") {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                fail("'--header' takes \"Name: value\", not '\(header)'"); return nil
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(HeaderField(name, value))
        }
        if let text = parsed.value("timeout") {
            guard let seconds = Double(text), seconds > 0 else {
                fail("'--timeout' takes a positive number of seconds"); return nil
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        if let text = parsed.value("concurrency") {
            guard let value = Int(text), (1...256).contains(value) else {
                fail("'--concurrency' takes a number from 1 to 256"); return nil
            }
            concurrency = value
        }
        if let text = parsed.value("retries") {
            guard let value = Int(text), (0...10).contains(value) else {
                fail("'--retries' takes a number from 0 to 10"); return nil
            }
            retries = value
        }
        if let text = parsed.value("shard") {
            guard let value = ContractArgument.shard(text) else {
                fail("'--shard' takes i/n with 1 ≤ i ≤ n, e.g. 2/3"); return nil
            }
            shard = value
        }
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else { fail("'--seed' takes a non-negative integer"); return nil }
            seed = value
        }
        only = ContractArgument.list(parsed.all("only"))
        skip = ContractArgument.list(parsed.all("skip"))
        let known = Set(contract.endpoints.flatMap { [$0.id] + $0.tags })
        for name in only + skip where !known.contains(name) {
            var message = "'\(name)' is neither an endpoint id nor a tag of \(contract.name)"
            if let suggestion = Suggestion.closest(to: name, in: known) {
                message += "; did you mean '\(suggestion)'?"
            }
            fail(message); return nil
        }
        if let text = parsed.value("max-body") {
            guard let mebibytes = Double(text), mebibytes > 0, mebibytes <= 65_536 else {
                fail("'--max-body' takes a positive number of MiB (at most 65536)"); return nil
            }
            maximumBodyBytes = Int(mebibytes * 1_048_576)
        }
        followRedirects = parsed.has("follow-redirects")
        recordDirectory = parsed.value("record")
        redact = parsed.all("redact")
        quiet = parsed.has("quiet")
        verbose = parsed.has("verbose")
        failFast = parsed.has("fail-fast")
        if quiet && verbose { fail("'--quiet' and '--verbose' exclude each other; choose one"); return nil }
    }

    func replayConfiguration(baseURL: String) -> Replayer.Configuration {
        Replayer.Configuration(
            baseURL: baseURL, headers: headers, timeout: timeout, concurrency: concurrency, retries: retries,
            only: only,
            skip: skip, shard: shard, redaction: redaction,
            recordDirectory: recordDirectory, maximumBodyBytes: maximumBodyBytes,
            followRedirects: followRedirects)
    }
}
