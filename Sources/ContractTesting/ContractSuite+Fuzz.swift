public import ContractFuzz
public import ContractKit
import ContractMock
public import Testing

/// Server fuzzing from a test suite: the same engine, checks and stateful stories as `conform fuzz`.
///
/// ```swift
/// @Test func restaurantServerHoldsItsContract() async {
///     await restaurant.expectServerFuzzing(seed: 7)
/// }
/// ```
///
/// The server is `CONFORM_BASE_URL` when set, else a fresh mock of the contract started for this
/// call alone (fuzzing creates and deletes items, so it never shares the replay's mock). The
/// contract's own credentials come from its `{{env.NAME}}` values, as in a replay.
extension ContractSuite {
    /// The environment variable prefix of a second identity's credential, the test-time
    /// equivalent of `conform fuzz --auth-other scheme=credential`: `CONFORM_AUTH_OTHER_token`.
    public static let otherCredentialPrefix = "CONFORM_AUTH_OTHER_"

    /// Fuzzes the server and returns the result `conform fuzz` would report.
    ///
    /// - Parameters:
    ///   - cases: valid requests per endpoint (invalid ones are capped at the same number); each
    ///     body property's edges, and a violation at each place of the body, are sent besides.
    ///   - seed: the seed of generated values (and of the fresh mock's bodies); one seed, one run.
    ///   - selection: the endpoints to fuzz (ids or tags), as `--only`, `--skip` and `--shard`.
    ///   - stateless: sends no stories and learns no items, as `--stateless`.
    ///   - otherCredentials: a second identity's credential per security scheme, as `--auth-other`;
    ///     an item one identity creates must not be reachable by the other. Merged over the
    ///     `CONFORM_AUTH_OTHER_<scheme>` environment variables; masked in every result.
    ///   - timeBudget: stop sending new requests after this long.
    /// - Throws: `SuiteError` when the contract cannot be loaded, a credential names a scheme the
    ///   contract does not declare, or the mock cannot start.
    public func fuzzServer(
        cases: Int = ServerFuzzer.Configuration.defaultCasesPerEndpoint,
        seed: UInt64 = ServerFuzzer.Configuration.defaultSeed,
        selection: Selection = Selection(),
        stateless: Bool = false,
        otherCredentials: [String: String] = [:],
        timeBudget: Duration? = nil
    ) async throws -> RunResult {
        let contract: Contract
        switch self.contract {
        case .success(let loaded): contract = loaded
        case .failure(let error): throw SuiteError.nothingToRun(error.description)
        }
        let others = try Self.otherCredentials(otherCredentials, environment: environment, contract: contract)
        var mock: ContractMock?
        var baseURL = serverChoice(for: contract).baseURL ?? ""
        if baseURL.isEmpty {
            let started = ContractMock(contract: contract, configuration: .init(seed: seed))
            do {
                baseURL = try started.start()
            } catch {
                throw SuiteError.nothingToRun("the contract's mock cannot start: \(error)")
            }
            mock = started
        }
        defer { mock?.shutdown() }
        var target = TargetSettings(baseURL: baseURL, timeout: TargetSettings.defaultFuzzTimeout)
        target.redaction = Redaction(secretValues: secrets).addingSecrets(
            others.sorted { $0.key < $1.key }.flatMap { name, credential in
                contract.auth?.schemes.first { $0.name == name }?.maskedTexts(of: credential) ?? [credential]
            })
        var configuration = ServerFuzzer.Configuration(target: target, selection: selection)
        configuration.casesPerEndpoint = cases
        configuration.seed = seed
        configuration.stateless = stateless
        configuration.otherCredentials = others
        configuration.timeBudget = timeBudget
        return await ServerFuzzer(contract: contract, configuration: configuration).run().result
    }

    /// Fuzzes the server and records one Swift Testing issue per request that went wrong, worded
    /// as `conform fuzz` words it (check, message, expected, actual, a story's steps, reproducer).
    /// Takes the parameters of ``fuzzServer(cases:seed:selection:stateless:otherCredentials:timeBudget:)``.
    public func expectServerFuzzing(
        cases: Int = ServerFuzzer.Configuration.defaultCasesPerEndpoint,
        seed: UInt64 = ServerFuzzer.Configuration.defaultSeed,
        selection: Selection = Selection(),
        stateless: Bool = false,
        otherCredentials: [String: String] = [:],
        timeBudget: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            let result = try await fuzzServer(
                cases: cases, seed: seed, selection: selection, stateless: stateless,
                otherCredentials: otherCredentials, timeBudget: timeBudget)
            for caseResult in result.cases {
                for message in FindingMessage.lines(for: caseResult) where caseResult.outcome != .skipped {
                    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                }
            }
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        }
    }

    /// The second identity's credentials: the environment's, then the given ones over them. A
    /// given credential must name a declared scheme; an environment variable naming a scheme this
    /// contract does not declare is left alone, since one environment serves every suite.
    static func otherCredentials(
        _ given: [String: String], environment: [String: String], contract: Contract
    ) throws(SuiteError) -> [String: String] {
        let schemes = contract.auth?.schemes.map(\.name) ?? []
        var credentials: [String: String] = [:]
        for (key, value) in environment where key.hasPrefix(otherCredentialPrefix) {
            let name = String(key.dropFirst(otherCredentialPrefix.count))
            if schemes.contains(name) { credentials[name] = value }
        }
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard schemes.contains(name) else {
                var message = "otherCredentials names no security scheme \"\(name)\""
                message +=
                    schemes.isEmpty
                    ? " (the contract declares none)" : " (declared: \(schemes.joined(separator: ", ")))"
                if let suggestion = Suggestion.closest(to: name, in: schemes) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                throw .nothingToRun(message)
            }
            credentials[name] = value
        }
        return credentials
    }
}
