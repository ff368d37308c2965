import ContractKit
import ContractMock
import Foundation

/// `conform mock <contract>`: serves the contract until Ctrl-C.
enum MockCommand {
    static let parser = ArgumentParser(
        command: "mock",
        overview:
            "Serve a mock of a contract that answers only what the contract declares: its examples or generated bodies, stored resources, and the declared 4xx for invalid requests.",
        positionals: [.init(name: "contract", help: "The contract file.")],
        options: [
            .init(
                name: "strict", valueName: nil,
                help:
                    "Refuse an OpenAPI description whose examples break their schemas (by default they are warnings, left out)."
            ),
            .init(
                name: "host", valueName: "address", help: "Address to listen on.", defaultValue: "127.0.0.1"),
            .init(
                name: "port", valueName: "number", help: "Port to listen on; 0 picks a free one.",
                defaultValue: "8080"),
            .init(name: "seed", valueName: "number", help: "Seed for generated bodies.", defaultValue: "1"),
            .init(name: "stateless", help: "Keep no resources: every answer is made afresh."),
            .init(
                name: "fault", valueName: "name[@endpointId]", help: "Misbehave on purpose (see FAULTS).",
                isRepeatable: true),
        ])

    static var faultHelp: String {
        "FAULTS:\n"
            + MockFault.allCases.map {
                "  " + $0.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.summary
            }.joined(separator: "\n")
    }

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        if ArgumentParser.wantsHelp(arguments) {
            console.out(
                parser.help(
                    extra: faultHelp
                        + "\n\nEXIT CODES:\n  0  stopped with Ctrl-C or SIGTERM\n  2  usage error, a contract with errors, or the port cannot be bound"
                ))
            return .success
        }
        guard let parsed = parser.parseOrReport(arguments, console: console) else {
            return .usageOrContractError
        }
        guard
            let contract = ContractArgument.load(
                parsed.positionals[0], strict: parsed.has("strict"), console: console)
        else {
            return .usageOrContractError
        }
        guard let port = Int(parsed.value("port") ?? "8080"), (0...65535).contains(port) else {
            console.err("error: '--port' takes a number from 0 to 65535")
            return .usageOrContractError
        }
        guard let seed = UInt64(parsed.value("seed") ?? "1") else {
            console.err("error: '--seed' takes a non-negative integer")
            return .usageOrContractError
        }
        guard let faults = parseFaults(parsed.all("fault"), contract: contract, console: console) else {
            return .usageOrContractError
        }
        let configuration = ContractMock.Configuration(
            seed: seed, faults: faults, host: parsed.value("host") ?? "127.0.0.1", port: port,
            isStateless: parsed.has("stateless"))
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
        if !faults.isEmpty { console.out("Faults: \(faults.map(\.description).joined(separator: ", "))") }
        let stopped = AsyncStream<Int32>.makeStream()
        let trap = SignalTrap { number in stopped.continuation.yield(number) }
        for await _ in stopped.stream { break }
        trap.cancel()
        mock.shutdown()
        console.err("Stopped.")
        return .success
    }

    /// Parses `--fault` values; reports unknown faults and endpoints with a did-you-mean.
    static func parseFaults(_ values: [String], contract: Contract, console: Console) -> [FaultSelection]? {
        var faults: [FaultSelection] = []
        for value in values {
            guard let fault = FaultSelection(parsing: value) else {
                let name = String(value.split(separator: "@").first ?? "")
                var message = "error: unknown fault '\(name)'"
                if let suggestion = Suggestion.closest(to: name, in: MockFault.allCases.map(\.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                console.err(message + "\n" + faultHelp)
                return nil
            }
            if let id = fault.endpointID, contract.endpoint(id) == nil {
                var message = "error: fault '\(value)' names no endpoint of \(contract.name)"
                if let suggestion = Suggestion.closest(to: id, in: contract.endpoints.map(\.id)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                console.err(message)
                return nil
            }
            faults.append(fault)
        }
        return faults
    }
}
