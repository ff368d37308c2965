import ContractKit
import ContractMock

/// The server `run` and `fuzz` send requests to: `--base-url`, or the contract's own mock started in
/// process on a free port (optionally with `--fault`s), so both commands work out of the box.
struct ServerTarget {
    let baseURL: String
    private let mock: ContractMock?

    /// Resolves the target; starts the mock when no `--base-url` is given. Nil (after saying why)
    /// when a fault is unknown or the mock cannot start.
    static func start(contract: Contract, arguments: TargetArguments, console: Console, purpose: String)
        -> ServerTarget?
    {
        if let baseURL = arguments.baseURL { return ServerTarget(baseURL: baseURL, mock: nil) }
        guard let faults = FaultArguments.parse(arguments.faults, contract: contract, console: console)
        else {
            return nil
        }
        let mock = ContractMock(
            contract: contract, configuration: .init(seed: arguments.seed, faults: faults, port: 0))
        do {
            let baseURL = try mock.start()
            if !arguments.quiet {
                console.err("No --base-url: \(purpose) the contract's own mock at \(baseURL).")
            }
            return ServerTarget(baseURL: baseURL, mock: mock)
        } catch {
            console.err("error: cannot start the embedded mock: \(error)")
            return nil
        }
    }

    func stop() { mock?.shutdown() }
}
