import ConformTraffic
import ContractKit
import Foundation

/// `conform check <contract> <traffic.har>…`: the proxy's checks, offline, on recorded traffic.
enum CheckCommand {
    static let baseURL = Option<String?>(
        "base-url", valueName: "url",
        help:
            "Check only the entries under this URL, its path taken off before matching (default: every entry, the contract's base path taken off).",
        default: nil, expected: "an http:// or https:// URL", parse: TargetArguments.httpURL)
    static let maxBody = Option<Int>.mebibytes(
        "max-body", help: "Largest body checked; a larger one is reported unchecked.",
        default: TargetSettings.defaultMaximumBodyBytes)

    static let parser = ArgumentParser(
        command: "check",
        overview:
            "Check the exchanges of HAR 1.2 files (exported by Proxyman, Charles, Safari or Chrome) against a contract, both directions: the request (the client's side) and the response (the server's).",
        positionals: [
            ContractOptions.contract,
            .init(name: "traffic.har", help: "HAR files to check, in order.", isRepeatable: true),
        ],
        options: [
            ContractOptions.strict.declaration, baseURL.declaration, maxBody.declaration,
            TargetArguments.redact.declaration, TargetArguments.quiet.declaration,
        ] + ReportOutput.declarations)

    /// The typed command line of `conform check`.
    struct Arguments: ContractCommandArguments {
        var contract: String
        var files: [String]
        var isStrict: Bool
        var baseURL: String?
        var maximumBodyBytes: Int
        var redaction: Redaction
        var quiet: Bool
        var reports: ReportOutput.Arguments

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            contract = parsed.positionals[0]
            files = Array(parsed.positionals.dropFirst())
            if files.isEmpty { throw .missingArgument("traffic.har") }
            isStrict = parsed.isSet(ContractOptions.strict)
            baseURL = try parsed.value(of: CheckCommand.baseURL)
            maximumBodyBytes = try parsed.value(of: CheckCommand.maxBody)
            redaction = Redaction(additional: try parsed.value(of: TargetArguments.redact))
            quiet = parsed.isSet(TargetArguments.quiet)
            reports = try ReportOutput.Arguments(parsed)
        }
    }

    static let helpText = """
        EXIT CODES:
          0  every checked entry kept the contract
          1  an entry broke the contract (a finding on either side), or got no response
          2  usage error, a contract with errors, a file that is not HAR, or a report that cannot be written
        """

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        let started = await parser.startLoadingContract(
            arguments, helpExtra: helpText, console: console, read: Arguments.init)
        guard case .ready(let (options, contract)) = started else { return started.exitCode }
        var files: [HARFile] = []
        for path in options.files {
            do throws(HARError) {
                files.append(try HARFile.read(path: path))
            } catch {
                console.err(error.description)
                return .usageOrContractError
            }
        }
        let base = options.baseURL ?? contract.baseURL ?? ""
        let run = TrafficRun(
            contract: contract, baseURL: base,
            target: options.baseURL ?? files.map(\.path).joined(separator: ", "),
            maximumBodyBytes: options.maximumBodyBytes, redaction: options.redaction, retention: .lean)
        let result = run.check(files, scope: options.baseURL.map { APIBase(url: $0) }) { line in
            guard !options.quiet || line.outcome == .failed || line.outcome == .error else { return }
            console.err(TrafficLine.render(line, console: console))
        }
        ProgressPrinter(console: console, quiet: options.quiet, showsSides: true).finish(result)
        return ReportOutput(contractFile: options.contract, command: "check", arguments: options.reports)
            .close(
                result, console: console, environment: environment, quiet: options.quiet, unit: "entry")
    }
}
