import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation
import Testing

@testable import ConformCLI

/// A command line that must fail with one wording whatever the command.
struct UsageCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
}

/// Options are declared once with typed values; every problem is an `ArgumentError`, rendered in
/// one place, exit 2.
@Suite("Typed options and argument errors")
struct ArgumentParsingTests {
    static let contract = repo("Contracts/restaurant.json")

    @Test(
        "every command says the same thing for the same mistake, and exits 2",
        arguments: [
            UsageCase(
                arguments: ["run", contract, "--timeout"],
                message: "option '--timeout' needs a value <seconds>"),
            UsageCase(
                arguments: ["fuzz", contract, "--timeout"],
                message: "option '--timeout' needs a value <seconds>"),
            UsageCase(
                arguments: ["run", contract, "--timeout", "soon"],
                message: "'--timeout' takes a positive number of seconds, not 'soon'"),
            UsageCase(
                arguments: ["fuzz", contract, "--timeout=-1"],
                message: "'--timeout' takes a positive number of seconds, not '-1'"),
            UsageCase(
                arguments: ["fuzz", contract, "--cases", "0"],
                message: "'--cases' takes a number from 1 to 10000, not '0'"),
            UsageCase(
                arguments: ["run", contract, "--concurrency", "many"],
                message: "'--concurrency' takes a number from 1 to 256, not 'many'"),
            UsageCase(
                arguments: ["mock", contract, "--port", "70000"],
                message: "'--port' takes a number from 0 to 65535, not '70000'"),
            UsageCase(
                arguments: ["run", contract, "--seed", "1", "--seed", "2"],
                message: "option '--seed' is given more than once"),
            UsageCase(
                arguments: ["mock", contract, "--seed", "1", "--seed", "2"],
                message: "option '--seed' is given more than once"),
            UsageCase(
                arguments: ["run", contract, "--quiet=yes"], message: "option '--quiet' takes no value"),
            UsageCase(
                arguments: ["lint", "--strict=yes", contract], message: "option '--strict' takes no value"),
            UsageCase(
                arguments: ["fuzz", contract, "--time-budjet", "3"],
                message: "unknown option '--time-budjet' for 'conform fuzz'; did you mean '--time-budget'?"),
            UsageCase(
                arguments: ["merge", "a.json", "--jsno", "b"],
                message: "unknown option '--jsno' for 'conform merge'; did you mean '--json'?"),
            UsageCase(
                arguments: ["diff", "a.json", "b.json", "--slower-than", "0.5"],
                message: "'--slower-than' takes a number above 1, such as 1.5, not '0.5'"),
            UsageCase(
                arguments: ["validate", "--schema", "s.json", "--format", "xml"],
                message: "'--format' takes text or json, not 'xml'"),
            UsageCase(
                arguments: ["run", contract, "--max-body", "0"],
                message: "'--max-body' takes a positive number of MiB (at most 65536), not '0'"),
            UsageCase(
                arguments: ["run", contract, "--base-url", "ftp://x"],
                message: "'--base-url' takes an http:// or https:// URL, not 'ftp://x'"),
            UsageCase(
                arguments: ["run", contract, "--header", "NoColon"],
                message: "'--header' takes \"Name: value\", not 'NoColon'"),
            UsageCase(
                arguments: ["fuzz", contract, "--shard", "0/2"],
                message: "'--shard' takes i/n with 1 ≤ i ≤ n, e.g. 2/3, not '0/2'"),
            UsageCase(
                arguments: ["run", contract, "--quiet", "--verbose"],
                message: "'--quiet' and '--verbose' exclude each other; choose one"),
            UsageCase(
                arguments: ["fuzz", contract, "--base-url", "http://127.0.0.1:9", "--fault", "wrong-type"],
                message:
                    "'--fault' and '--base-url' exclude each other: faults apply to the embedded mock only; drop one"
            ),
            UsageCase(
                arguments: ["run", contract, "--secret-var", "token"],
                message: "'--secret-var' takes NAME=VALUE, not '…'"),
            UsageCase(
                arguments: ["import-openapi", "a.json", "b.json"],
                message: "unexpected argument 'b.json' for 'conform import-openapi'"),
            UsageCase(arguments: ["run"], message: "missing argument <contract> for 'conform run'"),
        ])
    func sameWording(usage: UsageCase) async {
        let result = await conform(usage.arguments)
        #expect(result.code == .usageOrContractError)
        let command = usage.arguments[0]
        #expect(
            result.err == "error: \(usage.message)\nRun 'conform \(command) --help' for its options.",
            "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test(
        "every command answers --help, -h and help <command> the same way, exit 0",
        arguments: [
            "lint", "validate", "run", "fuzz", "mock", "proxy", "check", "diff", "merge", "import-openapi",
        ])
    func help(command: String) async {
        let long = await conform(command, "--help")
        #expect(long.code == .success)
        #expect(long.out.hasPrefix("OVERVIEW: "))
        for section in ["USAGE: conform \(command)", "OPTIONS:", "-h, --help", "EXIT CODES:"] {
            #expect(long.out.contains(section), "\(section)")
        }
        #expect(await conform(command, "-h").out == long.out)
        #expect(await conform("help", command).out == long.out)
        #expect(long.err.isEmpty)
    }

    @Test("help shows each default from the value the library uses")
    func helpDefaults() async throws {
        let run = await conform("run", "--help")
        let fuzz = await conform("fuzz", "--help")
        let seconds = { (duration: Duration) in String(duration.components.seconds) }
        #expect(
            run.out.contains(
                "Time allowed for each response. (default: \(seconds(TargetSettings.defaultTimeout)))"))
        #expect(
            fuzz.out.contains(
                "Time allowed for each response. (default: \(seconds(TargetSettings.defaultFuzzTimeout)))"))
        #expect(
            run.out.contains(
                "Independent chains of cases run at once. (default: \(TargetSettings.defaultConcurrency))"))
        #expect(run.out.contains("(default: \(TargetSettings.defaultMaximumBodyBytes / 1_048_576))"))
        #expect(fuzz.out.contains("(default: \(ServerFuzzer.Configuration.defaultCasesPerEndpoint))"))
        #expect(Replayer.Configuration(baseURL: "http://x").concurrency == TargetSettings.defaultConcurrency)
        #expect(ServerFuzzer.Configuration(baseURL: "http://x").timeout == TargetSettings.defaultFuzzTimeout)
        let importHelp = await conform("import-openapi", "-h")
        #expect(importHelp.out.contains("-o, --output <file>"))
    }

    @Test("typed values: seconds, MiB, shard, lists and pairs parse into their types")
    func typedValues() throws {
        let parsed = try RunCommand.parser.parse([
            "c.json", "--timeout", "2.5", "--max-body=0.5", "--shard", "2/3", "--only", "a, b", "--only", "c",
            "--header", "X-A: 1", "--var", "n=v=w",
        ])
        let target = try TargetArguments(parsed)
        #expect(try parsed.value(of: RunCommand.timeout) == .milliseconds(2500))
        #expect(target.maximumBodyBytes == 524_288)
        #expect(target.selection == Selection(only: ["a", "b", "c"], shard: .init(index: 2, count: 3)))
        #expect(target.headers == [HeaderField("X-A", "1")])
        #expect(target.variables.values.map(\.value) == ["v=w"])
        let defaults = try TargetArguments(try RunCommand.parser.parse(["c.json"]))
        #expect(defaults.maximumBodyBytes == TargetSettings.defaultMaximumBodyBytes)
        #expect(
            try RunCommand.parser.parse(["c.json"]).value(of: RunCommand.timeout)
                == TargetSettings.defaultTimeout)
        #expect(try FuzzCommand.parser.parse(["c.json"]).value(of: FuzzCommand.timeBudget) == nil)
    }

    @Test("an error is data: the option, the value given and what was expected")
    func errorsAreData() {
        #expect(
            throws: ArgumentError.invalidValue(
                option: "--retries", value: "11", expected: "a number from 0 to 10", isSecret: false)
        ) {
            try RunCommand.parser.parse(["c.json", "--retries", "11"]).value(of: RunCommand.retries)
        }
        #expect(throws: ArgumentError.unknownOption("--concurency", suggestion: "concurrency")) {
            try RunCommand.parser.parse(["c.json", "--concurency", "1"])
        }
    }
}
