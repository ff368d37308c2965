import ContractKit
import ContractMock

/// The server `run` and `fuzz` send requests to, as ``ServerChoice`` decides: `--base-url`; the
/// server that served a description given as a URL; else the contract's own mock started in
/// process on a free port (optionally with `--fault`s), so both commands work out of the box.
struct ServerTarget {
    let baseURL: String
    private let mock: ContractMock?

    /// Resolves the target, saying which server it is when the user did not name one; starts the
    /// mock when there is no other. Nil (after saying why) when a fault is unknown or the mock
    /// cannot start.
    static func start(contract: Contract, arguments: TargetArguments, console: Console, purpose: String)
        -> ServerTarget?
    {
        switch ServerChoice(baseURL: arguments.baseURL, location: arguments.contractFile, contract: contract)
        {
        case .given(let baseURL):
            return ServerTarget(baseURL: baseURL, mock: nil)
        case .describedServer(let baseURL):
            if !arguments.faults.isEmpty {
                console.err(
                    "error: --fault makes the embedded mock misbehave, but a description given as a URL is checked against the server that served it (\(baseURL)); download the description and give its file to see the mock's faults"
                )
                return nil
            }
            if !arguments.quiet {
                console.err(
                    "No --base-url: \(purpose) the server that served the description, at \(baseURL) (--base-url to check another)."
                )
            }
            return ServerTarget(baseURL: baseURL, mock: nil)
        case .mock:
            break
        }
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
