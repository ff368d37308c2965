import ConformHTTP
import ContractKit
import Foundation

/// The typed options `run` and `fuzz` share: the server, what every request carries, the
/// selection, redaction, limits, progress and reports. Declared once here, read once into this
/// struct; `settings(baseURL:timeout:)` turns them into the library's `TargetSettings`.
struct TargetArguments {
    var contractFile: String
    var isStrict: Bool
    var formats: ContractOptions.FormatsMode?
    var baseURL: String?
    var headers: HTTPFields
    var selection: Selection
    var redact: [String]
    var seed: UInt64
    var faults: [String]
    var quiet: Bool
    var verbose: Bool
    var failFast: Bool
    var maximumBodyBytes: Int
    var followRedirects: Bool
    var variables: VariableArguments.Given
    var reports: ReportOutput.Arguments

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        contractFile = parsed.positionals[0]
        isStrict = parsed.isSet(ContractOptions.strict)
        formats = try parsed.value(of: ContractOptions.formats)
        baseURL = try parsed.value(of: Self.baseURL)
        headers = HTTPFields(try parsed.value(of: Self.header))
        let shard = try parsed.value(of: Self.shard)
        selection = Selection(
            only: Self.list(try parsed.value(of: Self.only)),
            skip: Self.list(try parsed.value(of: Self.skip)),
            shard: shard)
        redact = try parsed.value(of: Self.redact)
        seed = try parsed.value(of: Self.seed)
        faults = try parsed.value(of: Self.fault)
        quiet = parsed.isSet(Self.quiet)
        verbose = parsed.isSet(Self.verbose)
        failFast = parsed.isSet(Self.failFast)
        maximumBodyBytes = try parsed.value(of: Self.maxBody)
        followRedirects = parsed.isSet(Self.followRedirects)
        variables = try VariableArguments.Given(parsed)
        reports = try ReportOutput.Arguments(parsed)
        if quiet && verbose { throw .exclusive("--quiet", "--verbose", reason: nil) }
        if baseURL != nil && !faults.isEmpty {
            throw .exclusive(
                "--fault", "--base-url", reason: "faults apply to the embedded mock only; drop one")
        }
    }

    /// Checks `--only` and `--skip` against the contract's endpoint ids and tags.
    func checkNames(in contract: Contract) throws(ArgumentError) {
        // A skipped operation is a known name (`--skip` of it is harmless; `--only` of it is refused
        // earlier with its reason).
        let known = Set(
            contract.endpoints.flatMap { [$0.id] + $0.tags }
                + contract.skippedOperations.flatMap { [$0.endpointID] + $0.tags })
        for (option, names) in [("--only", selection.only), ("--skip", selection.skip)] {
            for name in names where !known.contains(name) {
                throw .unknownName(
                    option: option, value: name, among: contract.name,
                    suggestion: Suggestion.closest(to: name, in: known))
            }
        }
    }

    /// The library's settings for the target at `baseURL`, with what output must hide.
    func settings(baseURL: String, timeout: Duration, secrets: [String], secretHeaders: [String])
        -> TargetSettings
    {
        TargetSettings(
            baseURL: baseURL, headers: headers, timeout: timeout, maximumBodyBytes: maximumBodyBytes,
            followRedirects: followRedirects,
            redaction: Redaction(additional: redact + secretHeaders, secretValues: secrets))
    }

    /// Splits repeatable, comma-separated values (`--only a,b --only c`).
    static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter {
            !$0.isEmpty
        }
    }

    // MARK: Declarations

    static let baseURL = Option<String?>(
        "base-url", valueName: "url",
        help: "The server to check (default: the embedded mock, started in process).",
        default: nil, expected: "an http:// or https:// URL", parse: httpURL)

    /// `url` when it is an absolute http(s) URL with a host (`.some`, see ``Option``), else nil.
    @Sendable static func httpURL(_ url: String) -> String?? {
        guard let components = URLComponents(string: url),
            components.scheme == "http" || components.scheme == "https", components.host?.isEmpty == false
        else { return nil }
        return .some(url)
    }
    static let header = Option<[HeaderField]>.repeatable(
        "header", valueName: "Name: value",
        help: "A header for every request, e.g. 'Authorization: Bearer …'.",
        expected: "\"Name: value\"",
        parse: { text in
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
            return HeaderField(
                text[..<colon].trimmingCharacters(in: .whitespaces),
                text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        })
    static let only = Option<[String]>.repeatable(
        "only", valueName: "id-or-tag", help: "Only these endpoints (ids or tags, comma-separated).",
        expected: "endpoint ids or tags", parse: { $0 })
    static let skip = Option<[String]>.repeatable(
        "skip", valueName: "id-or-tag", help: "Leave out these endpoints (ids or tags).",
        expected: "endpoint ids or tags", parse: { $0 })
    static let shard = Option<Selection.Shard?>(
        "shard", valueName: "i/n",
        help: "Run shard i of n, for a CI matrix (whole chains of dependent cases).",
        default: nil, expected: "i/n with 1 ≤ i ≤ n, e.g. 2/3",
        parse: { text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else { return nil }
            return Selection.Shard(index: index, count: count)
        })
    static let redact = Option<[String]>.repeatable(
        "redact", valueName: "header",
        help:
            "Also hide this header's value everywhere (Authorization, Cookie, Set-Cookie and Proxy-Authorization always are).",
        expected: "a header name", parse: { $0.isEmpty ? nil : $0 })
    static let seed = Option<UInt64>.seed(
        "seed", help: "Seed of generated values (and of the embedded mock's bodies).",
        default: TargetSettings.defaultSeed)
    static let fault = Option<[String]>.repeatable(
        "fault", valueName: "name[@endpointId]",
        help: "Make the embedded mock misbehave (see 'conform mock --help').",
        expected: "a fault name", parse: { $0 })
    static let quiet = Flag("quiet", help: "Print only failures and the verdict.")
    static let verbose = Flag(
        "verbose", help: "Print every case with its findings as it finishes, even on a terminal.")
    static let failFast = Flag(
        "fail-fast", help: "Stop after the first failed case (the reports are still written).")
    static let maxBody = Option<Int>.mebibytes(
        "max-body", help: "Largest response body accepted; a larger one is cut and reported (response_size).",
        default: TargetSettings.defaultMaximumBodyBytes)
    static let followRedirects = Flag(
        "follow-redirects",
        help: "Follow same-origin redirects (at most 10); by default a 3xx is the response checked.")

    /// `--timeout`, whose default is the command's (`TargetSettings.defaultTimeout` or `defaultFuzzTimeout`).
    static func timeout(default value: Duration) -> Option<Duration> {
        .seconds("timeout", help: "Time allowed for each response.", default: value)
    }

    /// The parser of `run` or `fuzz`: one contract, the shared options around the command's own.
    static func parser(_ command: String, overview: String, own: [OptionDeclaration]) -> ArgumentParser {
        ArgumentParser(
            command: command, overview: overview,
            positionals: [
                ContractOptions.contract
            ],
            options: declarations(own: own))
    }

    /// The shared options around a command's own, in help order.
    static func declarations(own: [OptionDeclaration]) -> [OptionDeclaration] {
        [
            ContractOptions.strict.declaration, ContractOptions.formats.declaration, baseURL.declaration,
            header.declaration, only.declaration, skip.declaration, shard.declaration, redact.declaration,
            seed.declaration, fault.declaration, quiet.declaration, verbose.declaration, failFast.declaration,
        ] + VariableArguments.declarations + own + [maxBody.declaration, followRedirects.declaration]
            + ReportOutput.declarations
    }
}
