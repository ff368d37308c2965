import ContractKit
import Foundation

/// `conform run <contract> [--base-url URL]`: replays the contract and gates CI with the exit code.
enum RunCommand {
    static let timeout = TargetArguments.timeout(default: TargetSettings.defaultTimeout)
    static let concurrency = Option<Int>.integer(
        "concurrency", help: "Independent chains of cases run at once.",
        default: TargetSettings.defaultConcurrency,
        range: 1...256)
    static let retries = Option<Int>.integer(
        "retries", help: "Retries after transport errors only (never after a response).",
        default: TargetSettings.defaultRetries, range: 0...10)
    static let record = Option<String?>.text(
        "record", valueName: "dir", help: "Save every response body under dir/<endpoint>/ as corpus samples.")

    static let parser = TargetArguments.parser(
        "run",
        overview:
            "Replay a contract against a server and check every response. Without --base-url, runs against the contract's own mock.",
        own: [timeout.declaration, concurrency.declaration, retries.declaration, record.declaration])

    /// The options only `run` has.
    struct Own {
        var concurrency: Int
        var retries: Int
        var recordDirectory: String?

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            concurrency = try parsed.value(of: RunCommand.concurrency)
            retries = try parsed.value(of: RunCommand.retries)
            recordDirectory = try parsed.value(of: RunCommand.record)
        }
    }

    static var command: TargetCommand<Own> {
        TargetCommand(
            name: "run", purpose: "checking", unit: "case", parser: parser, helpExtra: ExitCode.helpText,
            timeout: timeout,
            readOwn: Own.init, showsCoverage: true)
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        await command.run(arguments, console: console, environment: environment) { context in
            var settings = context.settings
            settings.concurrency = context.own.concurrency
            settings.retries = context.own.retries
            let replayer = Replayer(
                contract: context.contract,
                configuration: .init(
                    target: settings, selection: context.arguments.selection,
                    recordDirectory: context.own.recordDirectory))
            return TargetCommand.Job(
                announce: {
                    context.progress.start(
                        total: replayer.selection().filter(\.selected).count, contract: context.contract,
                        baseURL: settings.baseURL)
                },
                work: { (await replayer.run(), nil) })
        }
    }
}
