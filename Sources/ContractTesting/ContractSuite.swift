public import ContractKit
import ContractMock
import Foundation
public import Testing

/// A contract replayed from a Swift Testing suite, with the same engine and checks as `conform run`.
///
/// The server is `CONFORM_BASE_URL` when it is set, else the contract's mock, started in process on
/// a free port. Each example is one test argument:
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
public final class ContractSuite: Sendable {
    /// The loaded contract, or why it could not be loaded.
    public let contract: Result<Contract, ContractLoader.LoadError>
    /// Every example (and schema-built call) of the contract, in run order.
    public let cases: [ContractCase]
    private let session: Locked<ReplaySession?> = Locked(nil)
    private let mock: Locked<ContractMock?> = Locked(nil)
    private let environment: [String: String]

    private static let registry = Locked<[String: ContractSuite]>([:])

    /// The suite of the contract at `path` (relative to the current directory, or absolute), loaded
    /// once per process and shared by every test that names it.
    public static func named(_ path: String, environment: [String: String]? = nil) -> ContractSuite {
        registry.withLock { suites in
            if let existing = suites[path] { return existing }
            let suite = ContractSuite(file: path, environment: environment)
            suites[path] = suite
            return suite
        }
    }

    /// - Parameter environment: where `CONFORM_BASE_URL` is read; the process's environment by default.
    public init(file: String, environment: [String: String]? = nil) {
        self.environment = environment ?? ProcessInfo.processInfo.environment
        do {
            let loaded = try ContractLoader.load(file: file)
            contract = .success(loaded)
            cases = Plan(contract: loaded).cases.map(ContractCase.init)
        } catch {
            contract = .failure(error)
            cases = []
        }
    }

    /// The server the suite checks.
    public var baseURL: String? {
        get async throws { try await replaySession().baseURL }
    }

    /// Replays `example` (after the cases it depends on) and returns its result.
    public func run(_ example: ContractCase) async throws -> CaseResult {
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
        do {
            let result = try await run(example)
            for message in FindingMessage.lines(for: result) {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        }
    }

    private func replaySession() async throws -> (session: ReplaySession, baseURL: String) {
        let contract = try self.contract.get()
        return try session.withLock { current in
            if let current, let url = mock.current?.baseURL ?? environment["CONFORM_BASE_URL"] {
                return (current, url)
            }
            var baseURL = environment["CONFORM_BASE_URL"] ?? ""
            if baseURL.isEmpty {
                let embedded = ContractMock(contract: contract)
                baseURL = try embedded.start()
                mock.withLock { $0 = embedded }
            }
            let replayer = Replayer(
                contract: contract, configuration: .init(baseURL: baseURL, timeout: .seconds(30)))
            let created = ReplaySession(replayer: replayer)
            current = created
            return (created, baseURL)
        }
    }

    /// Why the suite could not run a case.
    public enum SuiteError: Error, CustomStringConvertible {
        case unknownCase(String)

        public var description: String {
            switch self {
            case .unknownCase(let id): return "the contract has no case \"\(id)\""
            }
        }
    }

    deinit { mock.current?.shutdown() }
}
