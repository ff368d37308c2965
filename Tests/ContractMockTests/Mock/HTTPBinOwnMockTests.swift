import ConformHTTP
import ContractFuzz
import ContractKit
import ContractMock
import Foundation
import Testing

/// httpbin's published Swagger 2.0 document (flasgger): `CONFORM_HTTPBIN_SPEC`, else
/// `../shared/httpbin-spec.json`; not kept in the repository (a third-party file).
private let httpbin: Contract? = {
    let path =
        ProcessInfo.processInfo.environment["CONFORM_HTTPBIN_SPEC"]
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/httpbin-spec.json").path
    guard FileManager.default.fileExists(atPath: path) else {
        print(
            "skipped httpbin own-mock tests: \(path) is absent (set CONFORM_HTTPBIN_SPEC to httpbin's /spec.json)"
        )
        return nil
    }
    return ContractLoader.read(file: path).contract
}()

@Suite("httpbin's description passes against its own mock", .serialized)
struct HTTPBinOwnMockTests {
    @Test("it loads 73 operations and run passes against its mock, form bodies built from the schemas")
    func run() async throws {
        guard let contract = httpbin else { return }
        #expect(contract.endpoints.count == 73)
        #expect(contract.skippedOperations.isEmpty)
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = Replayer.Configuration(
            target: TargetSettings(baseURL: baseURL, timeout: .seconds(10)))
        let result = await Replayer(contract: contract, configuration: configuration).run()
        let failing = result.cases.filter { $0.outcome.isProblem }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message))" })")
        #expect(result.count(.passed) == 73)
    }

    @Test("fuzz passes against its mock")
    func fuzz() async throws {
        guard let contract = httpbin else { return }
        let mock = ContractMock(contract: contract)
        let baseURL = try mock.start()
        defer { mock.shutdown() }
        let configuration = ServerFuzzer.Configuration(baseURL: baseURL, casesPerEndpoint: 5, seed: 1)
        let outcome = await ServerFuzzer(contract: contract, configuration: configuration).run()
        // Most of httpbin's operations declare no 4xx: the mock's refusal of an invalid request is
        // then undocumented whatever it answers (the description's gap, which lint warns about),
        // and is the only finding allowed.
        let failing = outcome.result.cases.filter { result in
            guard result.outcome.isProblem else { return false }
            let endpoint = contract.endpoints.first { $0.id == result.endpointID }
            return result.findings.isEmpty
                || !result.findings.allSatisfy { finding in
                    finding.check == .statusCodeConformance && (400..<500).contains(finding.status ?? 0)
                        && endpoint?.declaresClientError == false
                }
        }
        #expect(failing.isEmpty, "\(failing.map { "\($0.id): \($0.findings.map(\.message))" })")
    }
}
