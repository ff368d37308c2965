import ConformHTTP
public import ContractKit
import ContractMock
import Foundation
public import Testing

/// A contract replayed from a Swift Testing suite, with the same engine and checks as `conform run`.
///
/// The server is `CONFORM_BASE_URL` when it is set, else the contract's mock, started in process on
/// a free port. Each example is one test argument. A relative contract path is resolved against the
/// root of the package the calling test file belongs to (the nearest folder holding `Package.swift`
/// above it), so the suite finds its contract whatever directory the tests run from:
///
/// ```swift
/// import ContractTesting
/// import Testing
///
/// let restaurant = ContractSuite.named("Contracts/restaurant.json")
///
/// @Test(arguments: restaurant.cases)
/// func restaurantContract(_ example: ContractCase) async {
///     await restaurant.expectConformance(example)
/// }
/// ```
///
/// `{{env.NAME}}` is read from the environment (and masked in issues); `{{var.NAME}}` from the
/// environment variable `CONFORM_VAR_NAME`, the test-time equivalent of `--var NAME=VALUE`.
///
/// A contract that is missing, broken or has nothing to replay never passes silently: `cases` then
/// holds one stand-in case, and `expectConformance` records the loader's message as an issue.
public final class ContractSuite: Sendable {
    /// The loaded contract, or why it could not be loaded.
    public let contract: Result<Contract, ContractLoader.LoadError>
    /// Every example (and schema-built call) of the contract, in run order.
    public let cases: [ContractCase]
    private let session: Locked<ReplaySession?> = Locked(nil)
    private let mock: Locked<ContractMock?> = Locked(nil)
    let environment: [String: String]
    /// The contract file as resolved, which ``ServerChoice`` reads with `CONFORM_BASE_URL`.
    let location: String
    /// The environment's values the contract uses (`{{env.NAME}}`), masked in every issue.
    let secrets: [String]

    private static let registry = Locked<[String: ContractSuite]>([:])

    /// The suite of the contract at `path`, loaded once per process and shared by every test that
    /// names it.
    ///
    /// - Parameters:
    ///   - path: the contract file, absolute or relative to the root of the package that holds the
    ///     calling file (not the working directory, which differs between `swift test`, Xcode and CI).
    ///   - environment: where `CONFORM_BASE_URL` is read; the process's environment by default.
    ///   - filePath: the calling file, whose package root relative paths start from; leave the default.
    public static func named(
        _ path: String, environment: [String: String]? = nil, filePath: String = #filePath
    ) -> ContractSuite {
        let resolved = PackageRoot.resolve(path, from: filePath)
        return registry.withLock { suites in
            if let existing = suites[resolved] { return existing }
            let suite = ContractSuite(file: resolved, environment: environment)
            suites[resolved] = suite
            return suite
        }
    }

    /// - Parameters:
    ///   - file: the contract file, absolute or relative to the root of the package holding the
    ///     calling file.
    ///   - environment: where `CONFORM_BASE_URL` is read; the process's environment by default.
    ///   - filePath: the calling file, whose package root relative paths start from; leave the default.
    public init(file: String, environment: [String: String]? = nil, filePath: String = #filePath) {
        self.environment = environment ?? ProcessInfo.processInfo.environment
        let resolved = PackageRoot.resolve(file, from: filePath)
        location = resolved
        let prefix = "CONFORM_VAR_"
        let values = Dictionary(
            self.environment.filter { $0.key.hasPrefix(prefix) }.map {
                (String($0.key.dropFirst(prefix.count)), $0.value)
            }
        ) { first, _ in first }
        let variables = ContractVariables(environment: self.environment, values: values)
        do {
            let read = try ContractLoader.load(file: resolved)
            let loaded: Contract
            do {
                loaded = try variables.resolve(read)
            } catch {
                contract = .success(read)
                secrets = []
                cases = [ContractCase(problem: error.description, label: "variables of \(file)")]
                return
            }
            secrets = variables.secrets(for: read)
            contract = .success(loaded)
            let planned = Plan(contract: loaded).cases.map(ContractCase.init)
            cases =
                planned.isEmpty
                ? [
                    ContractCase(
                        problem:
                            "\(resolved): the contract has no examples to replay; add \"examples\" to its endpoints",
                        label: "no examples in \(file)")
                ]
                : planned
        } catch {
            contract = .failure(error)
            secrets = []
            cases = [ContractCase(problem: error.description, label: "cannot load \(file)")]
        }
    }

    /// The server the suite checks.
    public var baseURL: String? {
        get async throws { try await replaySession().baseURL }
    }

    /// Replays `example` (after the cases it depends on) and returns its result.
    public func run(_ example: ContractCase) async throws -> CaseResult {
        if let problem = example.problem { throw SuiteError.nothingToRun(problem) }
        let (session, _) = try await replaySession()
        guard let outcome = await session.result(for: example.id) else {
            throw SuiteError.unknownCase(example.id)
        }
        return outcome.result
    }

    /// Replays `example` and records one Swift Testing issue per finding, worded as `conform run`
    /// words them (check, message, pointer, expected, actual, curl reproducer).
    public func expectConformance(_ example: ContractCase, sourceLocation: SourceLocation = #_sourceLocation)
        async
    {
        if let problem = example.problem {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            return
        }
        do {
            let result = try await run(example)
            let redaction = Redaction(secretValues: secrets)
            for message in FindingMessage.lines(for: result) {
                let masked = secrets.isEmpty ? message : redaction.scrub(message, secrets: secrets)
                Issue.record(Comment(rawValue: masked), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        }
    }

    private func replaySession() async throws -> (session: ReplaySession, baseURL: String) {
        let contract = try self.contract.get()
        return try session.withLock { current in
            if let current, let url = mock.current?.baseURL ?? serverChoice(for: contract).baseURL {
                return (current, url)
            }
            let baseURL: String
            if let chosen = serverChoice(for: contract).baseURL {
                baseURL = chosen
            } else {
                let embedded = ContractMock(contract: contract)
                baseURL = try embedded.start()
                mock.withLock { $0 = embedded }
            }
            let target = TargetSettings(baseURL: baseURL, redaction: Redaction(secretValues: secrets))
            let replayer = Replayer(contract: contract, configuration: .init(target: target))
            let created = ReplaySession(replayer: replayer)
            current = created
            return (created, baseURL)
        }
    }

    /// The server the suite checks, decided as `conform run` decides it: `CONFORM_BASE_URL` (the
    /// test-time `--base-url`), else the contract's mock.
    func serverChoice(for contract: Contract) -> ServerChoice {
        ServerChoice(baseURL: environment["CONFORM_BASE_URL"], location: location, contract: contract)
    }

    /// Why the suite could not run a case.
    public enum SuiteError: Error, CustomStringConvertible {
        case unknownCase(String)
        /// The contract could not be loaded or has no examples; the message says why.
        case nothingToRun(String)

        public var description: String {
            switch self {
            case .unknownCase(let id): return "the contract has no case \"\(id)\""
            case .nothingToRun(let problem): return problem
            }
        }
    }

    deinit { mock.current?.shutdown() }
}
