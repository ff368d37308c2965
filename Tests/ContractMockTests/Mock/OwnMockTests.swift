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
        let failing = outcome.result.cases.filter { $0.outcome == .failed || $0.outcome == .error }.filter {
            result in
            // A rejection the description does not declare because it declares none: fuzz reports
            // the undocumented status from any server, its own mock included (`conform lint` warns).
            let endpoint = testCase.contract.endpoint(result.endpointID)
            return !(endpoint.map(Self.declaresNoClientError) ?? false)
                || !result.findings.allSatisfy {
                    $0.check == .statusCodeConformance && (400..<500).contains($0.status ?? 0)
                }
        }
        #expect(
            failing.isEmpty,
            "\(failing.map { "\($0.id): \($0.findings.map { "\($0.message) — \($0.actual ?? "")".prefix(300) })" })"
        )
    }

    /// Whether an operation declares no 4xx, no `4XX` and no `default`: no rejection of it can be
    /// declared.
    static func declaresNoClientError(_ endpoint: Endpoint) -> Bool {
        !endpoint.responses.contains { spec in
            switch spec.status {
            case .code(let code): return (400..<500).contains(code)
            case .range(let first): return first == 4
            case .default: return true
            }
        }
    }
}
