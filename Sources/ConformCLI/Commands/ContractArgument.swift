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

    /// Parses `i/n` for `--shard`.
    static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        return (index, count)
    }

    /// Splits repeatable, comma-separated values (`--only a,b --only c`).
    static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter {
            !$0.isEmpty
        }
    }
}
