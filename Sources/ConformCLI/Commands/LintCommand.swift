import ContractKit

/// `conform lint <contract>...`: reports every problem of every contract, exit 0 when clean.
enum LintCommand {
    static let parser = ArgumentParser(
        command: "lint",
        overview:
            "Check contract files: structure, unknown keys, $refs, variables, path parameters and schemas.",
        positionals: [
            .init(
                name: "contract", help: "Contracts or descriptions to check: files, or http(s):// URLs.",
                isRepeatable: true)
        ],
        options: [strict.declaration, verbose.declaration])

    static let strict = Flag("strict", help: "Fail on warnings too.")
    static let verbose = Flag(
        "verbose",
        help:
            "Also show the resources Conform infers (which operation creates, reads, changes and deletes each) and where each id comes from."
    )

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let help =
            "EXIT CODES:\n  0  every contract is clean\n  2  a contract has errors (or warnings, with --strict), or a file cannot be read"
        let (files, isStrict, isVerbose): ([String], Bool, Bool)
        switch parser.start(
            arguments, helpExtra: help, console: console,
            read: { ($0.positionals, $0.isSet(strict), $0.isSet(verbose)) })
        {
        case .ready(let read): (files, isStrict, isVerbose) = read
        case .exit(let code): return code
        }
        var failed = false
        for file in files {
            let outcome = await ContractLoader.read(location: file, strict: isStrict)
            let file = DescriptionFetcher.displayName(of: file)
            for problem in outcome.problems {
                console.err(problem.description)
            }
            let errors = outcome.problems.filter { $0.severity == .error }.count
            let warnings = outcome.problems.count - errors
            if outcome.hasErrors || (isStrict && warnings > 0) {
                failed = true
                if outcome.contract != nil || errors > 1 || warnings > 0 {
                    console.err(
                        "\(file): \(Plural.count(errors, "error")), \(Plural.count(warnings, "warning"))")
                }
            } else if let contract = outcome.contract {
                let examples = contract.endpoints.reduce(0) { $0 + $1.examples.count }
                var line =
                    "\(file): ok (\(contract.name) \(contract.version): \(Plural.count(contract.endpoints.count, "endpoint")), \(Plural.count(examples, "example"))"
                line += warnings > 0 ? ", \(Plural.count(warnings, "warning")))" : ")"
                console.out(line)
            }
            if isVerbose, let contract = outcome.contract {
                console.out(ResourceModel(contract: contract).description(in: contract))
            }
        }
        return failed ? .usageOrContractError : .success
    }
}
