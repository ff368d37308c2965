import ContractKit
import Foundation

/// Loads the contract a command names, by path or by `http(s)://` URL, printing every problem to
/// standard error when it fails.
enum ContractArgument {
    /// - Parameter fetcher: how a URL is fetched (a run passes its `--timeout` and `--max-body`).
    static func load(
        _ file: String, strict: Bool = false, fetcher: DescriptionFetcher = DescriptionFetcher(),
        console: Console
    ) async -> Contract? {
        let outcome = await ContractLoader.read(location: file, strict: strict, fetcher: fetcher)
        let name = DescriptionFetcher.displayName(of: file)
        if outcome.hasErrors {
            for problem in outcome.problems { console.err(problem.description) }
            let errors = outcome.problems.filter { $0.severity == .error }.count
            if errors > 1 { console.err("\(name): \(Plural.count(errors, "error"))") }
            return nil
        }
        for problem in outcome.leftOut { console.err(problem.description) }
        let others = outcome.problems.count - outcome.leftOut.count
        if others > 0, !outcome.leftOut.isEmpty {
            console.err("\(name): \(Plural.count(others, "more warning")); 'conform lint' lists them")
        }
        if let empty = outcome.emptiness {
            console.err(empty.description.replacingOccurrences(of: ": warning: ", with: ": error: "))
            return nil
        }
        return outcome.contract
    }
}
