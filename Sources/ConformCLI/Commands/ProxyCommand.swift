import ConformHTTP
import ConformTraffic
import ContractKit
import Foundation

/// `conform proxy <contract> --upstream URL`: checks an app's own traffic as it passes, until
/// Ctrl-C or SIGTERM, then writes the reports.
enum ProxyCommand {
    static let upstream = Option<String?>(
        "upstream", valueName: "url", help: "The server every exchange is forwarded to (required).",
        default: nil, expected: "an http:// or https:// URL", parse: TargetArguments.httpURL)
    static let host = Option<String>.text(
        "host", valueName: "address", help: "Address to listen on.", default: "127.0.0.1")
    static let port = Option<Int>.integer(
        "port", valueName: "number", help: "Port to listen on; 0 picks a free one.",
        default: ContractProxy.Configuration.defaultPort, range: 0...65535)
    static let timeout = Option<Duration>.seconds(
        "timeout", help: "Time the upstream has for each exchange (then 504, and a finding).",
        default: TargetSettings.defaultTimeout)
    static let maxBody = Option<Int>.mebibytes(
        "max-body", help: "Largest body checked; larger ones stream through unchecked, with a finding.",
        default: TargetSettings.defaultMaximumBodyBytes)
    static let errors = Flag(
        "errors", help: "Answer an exchange that breaks the contract with a problem response (400 or 502).")
    static let record = Option<String?>.text(
        "record", valueName: "dir",
        help: "Save every checked response body under dir/<endpoint>/ as corpus samples.")
    static let har = Option<String?>.text(
        "har", valueName: "file", help: "Write the exchanges, masked, as a HAR 1.2 file when the proxy stops."
    )

    static let parser = ArgumentParser(
        command: "proxy",
        overview:
            "Forward an app's traffic unchanged to an upstream and check both directions against a contract: the request (the client's side) and the response (the server's). Reports are written on Ctrl-C or SIGTERM.",
        positionals: [
            ContractOptions.contract
        ],
        options: [
            ContractOptions.strict.declaration, upstream.declaration, host.declaration, port.declaration,
            timeout.declaration, maxBody.declaration, TargetArguments.redact.declaration, errors.declaration,
            record.declaration, har.declaration, TargetArguments.quiet.declaration,
        ] + ReportOutput.declarations)

    /// The typed command line of `conform proxy`.
    struct Arguments: ContractCommandArguments {
        var contract: String
        var isStrict: Bool
        var upstream: String
        var configuration: ContractProxy.Configuration
        var quiet: Bool
        var reports: ReportOutput.Arguments

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            contract = parsed.positionals[0]
            isStrict = parsed.isSet(ContractOptions.strict)
            guard let upstream = try parsed.value(of: ProxyCommand.upstream) else {
                throw .missingOption(option: "--upstream", valueName: "url")
            }
            self.upstream = upstream
            configuration = ContractProxy.Configuration(
                upstream: upstream, host: try parsed.value(of: ProxyCommand.host),
                port: try parsed.value(of: ProxyCommand.port),
                timeout: try parsed.value(of: ProxyCommand.timeout),
                maximumBodyBytes: try parsed.value(of: ProxyCommand.maxBody),
                redaction: Redaction(additional: try parsed.value(of: TargetArguments.redact)),
                answersViolations: parsed.isSet(ProxyCommand.errors),
                recordDirectory: try parsed.value(of: ProxyCommand.record),
                harFile: try parsed.value(of: ProxyCommand.har))
            quiet = parsed.isSet(TargetArguments.quiet)
            reports = try ReportOutput.Arguments(parsed)
        }
    }

    static let helpText = """
        EXIT CODES:
          0  stopped, and every exchange kept the contract (or there was none)
          1  an exchange broke the contract (a finding on either side), or got no response
          2  usage error, a contract with errors, the port cannot be bound, or a report or the HAR file cannot be written
          3  the upstream was unreachable for every exchange
        """

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        let started = await parser.startLoadingContract(
            arguments, helpExtra: helpText, console: console, read: Arguments.init)
        guard case .ready(let (options, contract)) = started else { return started.exitCode }
        let proxy: ContractProxy
        let url: String
        do throws(ProxyError) {
            proxy = try ContractProxy(contract: contract, configuration: options.configuration)
            url = try proxy.start { result in
                guard !options.quiet || result.outcome == .failed || result.outcome == .error else { return }
                console.err(TrafficLine.render(result, console: console))
            }
        } catch {
            console.err("error: \(error)")
            return .usageOrContractError
        }
        console.out(
            "Checking \(contract.name) \(contract.version) traffic: \(url) → \(options.upstream). Press Ctrl-C to stop and write the reports."
        )
        await waitForSignal()
        return finish(proxy, options: options, console: console, environment: environment)
    }

    /// Stops the proxy and writes the summary and the reports; the exit code follows the verdict.
    private static func finish(
        _ proxy: ContractProxy, options: Arguments, console: Console, environment: [String: String]
    ) -> ExitCode {
        let result: RunResult
        var written = true
        do throws(ProxyError) {
            result = try proxy.stop()
        } catch {
            console.err("error: \(error)")
            result = proxy.runResult()
            written = false
        }
        ProgressPrinter(console: console, quiet: options.quiet, showsSides: true).finish(result)
        if let har = options.configuration.harFile, written, !options.quiet { console.err("HAR: \(har)") }
        return ReportOutput(contractFile: options.contract, command: "proxy", arguments: options.reports)
            .close(
                result, console: console, environment: environment, quiet: options.quiet, unit: "exchange",
                written: written)
    }

    /// Returns at the first Ctrl-C or SIGTERM.
    private static func waitForSignal() async {
        let stopped = AsyncStream<Int32>.makeStream()
        let trap = SignalTrap { number in stopped.continuation.yield(number) }
        for await _ in stopped.stream { break }
        trap.cancel()
    }
}
