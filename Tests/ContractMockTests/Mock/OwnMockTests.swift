import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// A contract checked against its own mock, by name.
struct OwnMockCase: Sendable, CustomTestStringConvertible {
    var name: String
    var contract: Contract
    var testDescription: String { name }

    /// Read once for both tests, so the corpus is loaded and its absence said once.
    static let all: [OwnMockCase] = {
        let own = ((try? ownContracts()) ?? []) + ((try? crudFixtures()) ?? []) + slipFixtures()
        let corpus = corpusDescriptions()
        if corpusFolder() == nil {
            print(
                "skipped: ../shared/openapi-corpus is absent; set CONFORM_OPENAPI_CORPUS to check its descriptions too"
            )
        }
        return (own + corpus).map { OwnMockCase(name: $0.name, contract: $0.contract) }
    }()
}

/// `conform run` and `conform fuzz` pass against the contract's own mock, for every contract of
/// `Contracts/`, every slip fixture and every description of the corpus that loads.
@Suite("Contracts pass against their own mock", .serialized)
struct OwnMockTests {
    @Test("run passes against the own mock", arguments: OwnMockCase.all)
    func run(_ testCase: OwnMockCase) async throws {
        let mock = ContractMock(contract: testCase.contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = Replayer.Configuration(baseURL: baseURL, timeout: .seconds(10), concurrency: 2)
        let result = await Replayer(contract: testCase.contract, configuration: configuration).run()
        let failing = result.cases.filter { $0.outcome == .failed || $0.outcome == .error }
        #expect(
            failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message)) \($0.reason ?? "")" })"
        )
    }

    @Test("fuzz passes against the own mock", arguments: OwnMockCase.all)
    func fuzz(_ testCase: OwnMockCase) async throws {
        let mock = ContractMock(contract: testCase.contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = ServerFuzzer.Configuration(baseURL: baseURL, casesPerEndpoint: 10, seed: 1)
        let outcome = await ServerFuzzer(contract: testCase.contract, configuration: configuration).run()
        let failing = outcome.result.cases.filter { $0.outcome == .failed || $0.outcome == .error }
        #expect(
            failing.isEmpty,
            "\(failing.map { "\($0.id): \($0.findings.map { "\($0.message) — \($0.actual ?? "")".prefix(300) })" })"
        )
    }
}
