import ContractKit

/// The typed arguments of a command that names a contract (`mock`, `proxy`, `check`).
protocol ContractCommandArguments {
    /// The contract or description: a path or an `http(s)://` URL.
    var contract: String { get }
    /// `--strict`: refuse a description with defects instead of leaving parts out.
    var isStrict: Bool { get }
}

extension ArgumentParser {
    /// The start of a command that names a contract: its typed arguments (as `start`) and the
    /// contract they name, loaded by `ContractArgument.load`; nil after printing why, with the
    /// exit code to return in `exit`.
    func startLoadingContract<Arguments: ContractCommandArguments>(
        _ arguments: [String], helpExtra: String?, console: Console,
        read: (ParsedArguments) throws(ArgumentError) -> Arguments
    ) async -> Start<(Arguments, Contract)> {
        switch start(arguments, helpExtra: helpExtra, console: console, read: read) {
        case .exit(let code): return .exit(code)
        case .ready(let options):
            guard
                let contract = await ContractArgument.load(
                    options.contract, strict: options.isStrict, console: console)
            else { return .exit(.usageOrContractError) }
            return .ready((options, contract))
        }
    }
}
