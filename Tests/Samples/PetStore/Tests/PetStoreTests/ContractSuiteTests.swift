import ContractTesting
import PetStoreServer
import Testing

/// The team's server, started once for the suite on a free loopback port.
let petStore = try? PetStoreServer()

/// The same `openapi.yaml` the client and server are generated from, replayed against the server…
let againstServer = ContractSuite(
    file: "Sources/PetStoreAPI/openapi.yaml",
    environment: ["CONFORM_BASE_URL": petStore?.baseURL ?? "http://127.0.0.1:9/server-did-not-start"])
/// …and against its mock, which a client team can test against before the server exists.
let againstMock = ContractSuite(file: "Sources/PetStoreAPI/openapi.yaml", environment: [:])

@Suite("The description drives the server and its mock")
struct ContractSuiteTests {
    @Test("the generated server keeps its description", arguments: againstServer.cases)
    func server(_ example: ContractCase) async {
        await againstServer.expectConformance(example)
    }

    @Test("the mock keeps the same description", arguments: againstMock.cases)
    func mock(_ example: ContractCase) async {
        await againstMock.expectConformance(example)
    }

    @Test("the generated server survives fuzzing: valid requests accepted, invalid ones refused")
    func fuzzServer() async {
        await againstServer.expectServerFuzzing(cases: 10, seed: 7)
    }
}
