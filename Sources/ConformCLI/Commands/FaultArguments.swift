import ContractKit
import ContractMock

/// `--fault name[@endpointId]`, which `mock`, `run` and `fuzz` share: the FAULTS help section and
/// the parse that checks each fault and endpoint against the contract.
enum FaultArguments {
    /// The FAULTS section of `conform mock --help`.
    static var help: String {
        "FAULTS:\n"
            + MockFault.allCases.map {
                "  " + $0.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.summary
            }.joined(separator: "\n")
    }

    /// Parses `--fault` values; reports unknown faults and endpoints with a did-you-mean.
    static func parse(_ values: [String], contract: Contract, console: Console) -> [FaultSelection]? {
        var faults: [FaultSelection] = []
        for value in values {
            guard let fault = FaultSelection(parsing: value) else {
                let name = String(value.split(separator: "@").first ?? "")
                var message = "error: unknown fault '\(name)'"
                if let suggestion = Suggestion.closest(to: name, in: MockFault.allCases.map(\.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                console.err(message + "\n" + help)
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
