import ContractKit

/// What `run` and `fuzz` start from: parsed arguments, the loaded contract and the checked
/// options, or the exit code to return when `--help` was asked or something was wrong.
struct ContractCommandInput {
    var parsed: ArgumentParser.ParsedArguments
    var file: String
    var contract: Contract
    var options: RunOptions

    /// Either the input to run with, or the exit code to return at once.
    enum Preparation {
        case ready(ContractCommandInput)
        case exit(ExitCode)
    }

    /// Handles `--help`, parses, loads the contract and checks the options, reporting problems to
    /// standard error.
    static func prepare(
        _ arguments: [String], parser: ArgumentParser, helpExtra: String, console: Console,
        environment: [String: String]
    ) -> Preparation {
        if ArgumentParser.wantsHelp(arguments) {
            console.out(parser.help(extra: helpExtra))
            return .exit(.success)
        }
        guard let parsed = parser.parseOrReport(arguments, console: console) else {
            return .exit(.usageOrContractError)
        }
        let file = parsed.positionals[0]
        guard let loaded = ContractArgument.load(file, strict: parsed.has("strict"), console: console),
            let filled = VariableArguments.resolve(
                loaded, parsed: parsed, environment: environment, console: console),
            var options = RunOptions(parsed, contract: filled.contract, console: console)
        else { return .exit(.usageOrContractError) }
        var contract = filled.contract
        switch parsed.value("formats") {
        case nil: break
        case "assert": contract.assertsFormats = true
        case "annotate": contract.assertsFormats = false
        case let other?:
            console.err("error: --formats takes assert or annotate, found '\(other)'")
            return .exit(.usageOrContractError)
        }
        options.secrets = filled.secrets
        options.redact += filled.secretHeaders
        return .ready(
            ContractCommandInput(parsed: parsed, file: file, contract: contract, options: options))
    }
}
