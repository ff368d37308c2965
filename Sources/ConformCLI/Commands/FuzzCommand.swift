import ConformHTTP
import ContractFuzz
import ContractKit
import Foundation

/// `conform fuzz <contract> [--base-url URL]`: generated valid and invalid requests; the server
/// must accept the valid ones and reject the invalid ones with a 4xx.
enum FuzzCommand {
    static let timeout = TargetArguments.timeout(default: TargetSettings.defaultFuzzTimeout)
    static let cases = Option<Int>.integer(
        "cases",
        help:
            "Valid requests per endpoint (invalid ones are capped at the same number); each body property's edges, and a violation at each place of the body, are sent besides.",
        default: ServerFuzzer.Configuration.defaultCasesPerEndpoint, range: 1...10_000)
    static let timeBudget = Option<Duration?>.seconds(
        "time-budget", help: "Stop sending new requests after this long.")
    static let stateless = Flag(
        "stateless",
        help: "Send no sequences and learn no items: every request stands alone (for APIs without state).")
    static let authOther = Option<[VariableArguments.Pair]>.repeatable(
        "auth-other", valueName: "scheme=credential",
        help:
            "The credential of a second identity for a security scheme; an item one identity creates must not be readable, changeable or deletable by the other. Masked.",
        expected: "SCHEME=CREDENTIAL", isSecret: true, parse: VariableArguments.Pair.parse)

    static let parser = TargetArguments.parser(
        "fuzz",
        overview:
            "Send generated valid and invalid requests and check the answers. Without --base-url, fuzzes the contract's own mock.",
        own: [
            cases.declaration, timeBudget.declaration, timeout.declaration, stateless.declaration,
            authOther.declaration,
        ])

    /// The options only `fuzz` has.
    struct Own {
        var cases: Int
        var timeBudget: Duration?
        var stateless: Bool
        var otherCredentials: [VariableArguments.Pair]

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            cases = try parsed.value(of: FuzzCommand.cases)
            timeBudget = try parsed.value(of: FuzzCommand.timeBudget)
            stateless = parsed.isSet(FuzzCommand.stateless)
            otherCredentials = try parsed.value(of: FuzzCommand.authOther)
        }
    }

    static var command: TargetCommand<Own> {
        TargetCommand(
            name: "fuzz", purpose: "fuzzing", unit: "request", parser: parser,
            helpExtra: checksHelp + "\n\n" + ExitCode.helpText,
            timeout: timeout, readOwn: Own.init, showsCoverage: false)
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode
    {
        await command.run(arguments, console: console, environment: environment) { context in
            var configuration = ServerFuzzer.Configuration(
                target: context.settings, selection: context.arguments.selection)
            configuration.casesPerEndpoint = context.own.cases
            configuration.seed = context.arguments.seed
            configuration.timeBudget = context.own.timeBudget
            configuration.stateless = context.own.stateless
            let schemes = context.contract.auth?.schemes.map(\.name) ?? []
            for pair in context.own.otherCredentials {
                guard schemes.contains(pair.name) else {
                    var message = "error: '--auth-other \(pair.name)=…': no security scheme \"\(pair.name)\""
                    message +=
                        schemes.isEmpty
                        ? " (the contract declares none)" : " (declared: \(schemes.joined(separator: ", ")))"
                    if let suggestion = Suggestion.closest(to: pair.name, in: schemes) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    context.console.err(message)
                    return nil
                }
                configuration.otherCredentials[pair.name] = pair.value
            }
            configuration.target.redaction = configuration.target.redaction.addingSecrets(
                context.own.otherCredentials.flatMap { pair in
                    context.contract.auth?.schemes.first { $0.name == pair.name }?.maskedTexts(of: pair.value)
                        ?? [pair.value]
                })
            let fuzzer = ServerFuzzer(contract: context.contract, configuration: configuration)
            return TargetCommand.Job(
                announce: {
                    let endpoints = fuzzer.endpoints
                    context.progress.start(endpoints: endpoints.map(\.id))
                    guard !context.arguments.quiet else { return }
                    let contract = context.contract
                    context.console.err(
                        "Fuzzing \(contract.name) \(contract.version): \(Plural.count(endpoints.count, "endpoint")), \(Plural.count(configuration.casesPerEndpoint, "valid request")) each, seed \(configuration.seed)"
                    )
                },
                work: {
                    let outcome = await fuzzer.run()
                    return (outcome.result, summary(outcome))
                })
        }
    }

    static let checksHelp = """
        CHECKS:
          positive_data_acceptance  valid requests get a declared status below 500, never 400 or 422
          negative_data_rejection   invalid requests get a 4xx: never a 5xx, never a 2xx
          missing_required_header   a request without a required header gets a 4xx
          unsupported_method        an undeclared method gets 405 with an Allow header
          not_a_server_error and the response checks of 'conform run' on every answer

        STATEFUL CHECKS (unless --stateless), on the items each resource's story creates:
          ensure_resource_availability      a created item can be read and is listed
          stored_as_sent                    it reads back with what was sent (create, replace, update)
          update_reads_back                 a replaced or updated item reads back as the answer said
          use_after_free                    a deleted item can no longer be read, changed or listed
          ignored_auth                      a secured operation refuses no or wrong credentials
          object_level_authorization        another identity (--auth-other) cannot reach the item
          limit_respected                   a listing returns no more items than its limit asks
          referenced_resource_availability  what an answer points to (a URL, a listed id) can be fetched
        """

    /// Requests sent per endpoint and check: the four intents of generated requests, then any
    /// other check that sent requests of its own (references followed), then the stories.
    static func summary(_ outcome: ServerFuzzer.Outcome) -> String {
        let intents: [CheckName] = [
            .positiveDataAcceptance, .negativeDataRejection, .missingRequiredHeader, .unsupportedMethod,
        ]
        let others = Set(outcome.requestCounts.values.flatMap(\.keys)).subtracting(intents).sorted()
        let checks = intents + others
        let showsStories = !outcome.storyRequestCounts.isEmpty
        var rows = [["endpoint"] + checks.map(\.rawValue) + (showsStories ? ["stories"] : []) + ["total"]]
        var totals = Array(repeating: 0, count: checks.count + (showsStories ? 1 : 0))
        let endpoints = Set(outcome.requestCounts.keys).union(outcome.storyRequestCounts.keys).sorted()
        for endpoint in endpoints {
            let counts = outcome.requestCounts[endpoint] ?? [:]
            let values =
                checks.map { counts[$0] ?? 0 }
                + (showsStories ? [outcome.storyRequestCounts[endpoint] ?? 0] : [])
            for (index, value) in values.enumerated() { totals[index] += value }
            rows.append([endpoint] + values.map(String.init) + [String(values.reduce(0, +))])
        }
        rows.append(["total"] + totals.map(String.init) + [String(totals.reduce(0, +))])
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                separator: "  ")
        }
        return (["Requests sent:"] + lines.map { "  " + $0 }).joined(separator: "\n")
    }
}
