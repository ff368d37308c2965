import ContractKit
import Foundation

/// Loads the contract a command names, printing every problem to standard error when it fails.
enum ContractArgument {
    static func load(_ file: String, strict: Bool = false, console: Console) -> Contract? {
        let outcome = ContractLoader.read(file: file, strict: strict)
        if outcome.hasErrors {
            for problem in outcome.problems { console.err(problem.description) }
            let errors = outcome.problems.filter { $0.severity == .error }.count
            if errors > 1 { console.err("\(file): \(Plural.count(errors, "error"))") }
            return nil
        }
        if let empty = outcome.emptiness {
            console.err(empty.description.replacingOccurrences(of: ": warning: ", with: ": error: "))
            return nil
        }
        return outcome.contract
    }
}
