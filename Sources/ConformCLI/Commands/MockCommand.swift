import ContractKit
import ContractMock
import Foundation

/// `conform mock <contract>`: serves the contract until Ctrl-C.
enum MockCommand {
    static let parser = ArgumentParser(
        command: "mock",
        overview:
            "Serve a mock of a contract that answers only what the contract declares: its examples or generated bodies, stored resources, and the declared 4xx for invalid requests.",
        positionals: [
            ContractOptions.contract
        ],
        options: [
            ContractOptions.strict.declaration, host.declaration, port.declaration, seed.declaration,
            stateless.declaration, fault.declaration, VariableArguments.auth.declaration,
        ])

    static let host = Option<String>.text(
        "host", valueName: "address", help: "Address to listen on.", default: "127.0.0.1")
    static let port = Option<Int>.integer(
        "port", valueName: "number", help: "Port to listen on; 0 picks a free one.", default: 8080,
        range: 0...65535)
    static let seed = Option<UInt64>.seed(
        "seed", help: "Seed for generated bodies.", default: ContractMock.Configuration().seed)
    static let stateless = Flag("stateless", help: "Keep no resources: every answer is made afresh.")
    static let fault = Option<[String]>.repeatable(
        "fault", valueName: "name[@endpointId]", help: "Misbehave on purpose (see FAULTS).",
        expected: "a fault name",
        parse: { $0 })

    /// The typed command line of `conform mock`.
    struct Arguments: ContractCommandArguments {
        var contract: String
        var isStrict: Bool
        var host: String
        var port: Int
        var seed: UInt64
        var isStateless: Bool
        var faults: [String]
        var credentials: [VariableArguments.Pair]

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            contract = parsed.positionals[0]
            isStrict = parsed.isSet(ContractOptions.strict)
            host = try parsed.value(of: MockCommand.host)
            port = try parsed.value(of: MockCommand.port)
            seed = try parsed.value(of: MockCommand.seed)
            isStateless = parsed.isSet(MockCommand.stateless)
            faults = try parsed.value(of: MockCommand.fault)
            credentials = try parsed.value(of: VariableArguments.auth)
        }
    }

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let help =
            FaultArguments.help
            + "\n\nEXIT CODES:\n  0  stopped with Ctrl-C or SIGTERM\n  2  usage error, a contract with errors, or the port cannot be bound"
        let started = await parser.startLoadingContract(
            arguments, helpExtra: help, console: console, read: Arguments.init)
        guard case .ready(let (options, loaded)) = started else { return started.exitCode }
        guard
            let contract = VariableArguments.settingCredentials(
                options.credentials, in: loaded, console: console),
            let faults = FaultArguments.parse(options.faults, contract: contract, console: console)
        else {
            return .usageOrContractError
        }
        let configuration = ContractMock.Configuration(
            seed: options.seed, faults: faults, host: options.host, port: options.port,
            isStateless: options.isStateless)
        let mock = ContractMock(contract: contract, configuration: configuration)
        let baseURL: String
        do {
            baseURL = try mock.start(logger: { line in console.err(line) })
        } catch {
            console.err("error: \(error)")
            return .usageOrContractError
        }
        console.out(
            "Serving \(contract.name) \(contract.version) at \(baseURL) (\(Plural.count(contract.endpoints.count, "endpoint"))). Press Ctrl-C to stop."
        )
        for endpoint in contract.endpoints {
            console.out(
                "  \(endpoint.method.padding(toLength: 6, withPad: " ", startingAt: 0)) \(baseURL)\(endpoint.path.template)"
            )
        }
        printSecurity(of: mock, console: console)
        if !faults.isEmpty { console.out("Faults: \(faults.map(\.description).joined(separator: ", "))") }
        let stopped = AsyncStream<Int32>.makeStream()
        let trap = SignalTrap { number in stopped.continuation.yield(number) }
        for await _ in stopped.stream { break }
        trap.cancel()
        mock.shutdown()
        console.err("Stopped.")
        return .success
    }

    /// Says what secured operations need, without ever printing a credential: a mock that answers
    /// 401 to every call of an operation looks broken unless the user knows why.
    static func printSecurity(of mock: ContractMock, console: Console) {
        for guarded in mock.guardedSchemes {
            let name = guarded.scheme.name
            if guarded.acceptsAnyRequest {
                console.out("Secured by \(name): send its credential (\(guarded.placement)).")
            } else {
                console.out(
                    "Secured by \(name): no credential is known, so its operations answer 401/403; pass --auth \(name)=… (\(guarded.placement))."
                )
            }
        }
    }
}
