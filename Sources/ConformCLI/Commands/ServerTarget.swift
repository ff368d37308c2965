import ContractKit
import ContractMock

/// The server `run` and `fuzz` send requests to: `--base-url`, or the contract's own mock started in
/// process on a free port (optionally with `--fault`s), so both commands work out of the box.
struct ServerTarget {
    let baseURL: String
    private let mock: ContractMock?

    /// The options both commands share, in help order.
    static let options: [ArgumentParser.Option] = [
        .init(
            name: "strict", valueName: nil,
            help:
                "Refuse an OpenAPI description whose examples break their schemas (by default they are warnings, left out)."
        ),
        .init(
            name: "formats", valueName: "assert|annotate",
            help:
                "Whether `format` (date-time, uuid, email …) fails a value or only describes it (default: the contract's assertFormats; assert for OpenAPI)."
        ),
        .init(
            name: "base-url", valueName: "url",
            help: "The server to check (default: the embedded mock, started in process)."),
        .init(
            name: "header", valueName: "Name: value",
            help: "A header for every request, e.g. 'Authorization: Bearer …'.", isRepeatable: true),
        .init(
            name: "only", valueName: "id-or-tag",
            help: "Only these endpoints (ids or tags, comma-separated).", isRepeatable: true),
        .init(
            name: "skip", valueName: "id-or-tag", help: "Leave out these endpoints (ids or tags).",
            isRepeatable: true),
        .init(name: "shard", valueName: "i/n", help: "Run shard i of n, for a CI matrix."),
        .init(
            name: "redact", valueName: "header",
            help:
                "Also hide this header's value everywhere (Authorization, Cookie, Set-Cookie and Proxy-Authorization always are).",
            isRepeatable: true),
        .init(
            name: "seed", valueName: "number",
            help: "Seed of generated values (and of the embedded mock's bodies).", defaultValue: "1"),
        .init(
            name: "fault", valueName: "name[@endpointId]",
            help: "Make the embedded mock misbehave (see 'conform mock --help').", isRepeatable: true),
        .init(name: "quiet", valueName: nil, help: "Print only failures and the verdict."),
        .init(
            name: "verbose", valueName: nil,
            help: "Print every case with its findings as it finishes, even on a terminal."),
        .init(
            name: "fail-fast", valueName: nil,
            help: "Stop after the first failed case (the reports are still written)."),
    ]

    /// Resolves the target; starts the mock when no `--base-url` is given. Nil (after saying why)
    /// when the options are inconsistent or the mock cannot start.
    static func start(
        contract: Contract, parsed: ArgumentParser.ParsedArguments, options: RunOptions, console: Console,
        purpose: String
    ) -> ServerTarget? {
        if let baseURL = options.baseURL {
            guard parsed.all("fault").isEmpty else {
                console.err(
                    "error: '--fault' applies to the embedded mock only; drop it or drop '--base-url'")
                return nil
            }
            return ServerTarget(baseURL: baseURL, mock: nil)
        }
        guard let faults = MockCommand.parseFaults(parsed.all("fault"), contract: contract, console: console)
        else {
            return nil
        }
        let mock = ContractMock(
            contract: contract, configuration: .init(seed: options.seed, faults: faults, port: 0))
        do {
            let baseURL = try mock.start()
            if !options.quiet {
                console.err("No --base-url: \(purpose) the contract's own mock at \(baseURL).")
            }
            return ServerTarget(baseURL: baseURL, mock: mock)
        } catch {
            console.err("error: cannot start the embedded mock: \(error)")
            return nil
        }
    }

    func stop() { mock?.shutdown() }
}
