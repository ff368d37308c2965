import ContractKit
public import Foundation

/// The `conform` command line, as a library: tests run commands in process and read the exit code
/// and output; the executable only forwards `CommandLine.arguments` to `run`.
public enum Conform {
    /// The tool's version, shown by `--version` and written into reports.
    public static let version = "0.1.0"

    static let commands: [(name: String, summary: String)] = [
        ("lint", "Check contract files for errors, with file:line:column for each."),
        ("validate", "Validate JSON documents against a JSON Schema (2020-12)."),
        ("run", "Replay a contract against a server (or its own mock) and check every response."),
        (
            "fuzz",
            "Send generated valid and invalid requests; the server must accept and reject them rightly."
        ),
        ("mock", "Serve a mock of a contract, optionally with injected faults."),
        ("proxy", "Forward an app's traffic to its server and check both directions against a contract."),
        ("check", "Check the exchanges of HAR files (Proxyman, Charles, Safari, Chrome) against a contract."),
        ("diff", "Compare two JSON results: regressions, fixes, new and removed cases, slowdowns."),
        ("merge", "Merge the JSON results of CI shards into one set of reports."),
        ("compat", "Say which changes between two descriptions break shipped clients and old requests."),
        (
            "import-openapi",
            "Convert an OpenAPI 3.0/3.1 or Swagger 2.0 description (a file or a URL) into a contract file."
        ),
    ]

    /// Runs one command line (without the program name) and returns its exit code.
    public static func run(
        _ arguments: [String], console: Console = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardInput: @Sendable () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    ) async -> ExitCode {
        guard let command = arguments.first else {
            console.err(help)
            return .usageOrContractError
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "help" where !rest.isEmpty:
            guard let topic = rest.first, commands.contains(where: { $0.name == topic }) else {
                return await run(
                    rest, console: console, environment: environment, standardInput: standardInput)
            }
            return await run(
                [topic, "--help"], console: console, environment: environment, standardInput: standardInput)
        case "--help", "-h", "help":
            console.out(help)
            return .success
        case "--version":
            console.out(version)
            return .success
        case "lint":
            return await LintCommand.run(rest, console: console)
        case "run":
            return await RunCommand.run(rest, console: console, environment: environment)
        case "fuzz":
            return await FuzzCommand.run(rest, console: console, environment: environment)
        case "mock":
            return await MockCommand.run(rest, console: console)
        case "proxy":
            return await ProxyCommand.run(rest, console: console, environment: environment)
        case "check":
            return await CheckCommand.run(rest, console: console, environment: environment)
        case "diff":
            return DiffCommand.run(rest, console: console)
        case "merge":
            return MergeCommand.run(rest, console: console, environment: environment)
        case "compat":
            return await CompatCommand.run(rest, console: console, environment: environment)
        case "validate":
            return ValidateCommand.run(rest, console: console, standardInput: standardInput)
        case "import-openapi":
            return await ImportOpenAPICommand.run(rest, console: console)
        default:
            var message = "error: unknown command '\(command)'"
            if let suggestion = Suggestion.closest(to: command, in: commands.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            console.err(message + "\nRun 'conform --help' for the list of commands.")
            return .usageOrContractError
        }
    }

    static var help: String {
        var lines = [
            "OVERVIEW: Check HTTP APIs against declarative contracts.", "",
            "USAGE: conform <command> [options]", "", "SUBCOMMANDS:",
        ]
        for command in commands {
            lines.append(
                "  " + command.name.padding(toLength: 16, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += [
            "", "Run 'conform help <command>' (or 'conform <command> --help') for a command's options.", "",
            ExitCode.helpText,
        ]
        return lines.joined(separator: "\n")
    }
}
