import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// The folder of the OpenAPI documents written for these tests.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The path of a fixture.
func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

/// Reads a fixture through the contract loader, as every command does.
func readFixture(_ name: String) -> ContractLoader.Outcome { ContractLoader.read(file: fixture(name)) }

/// Converts a fixture directly, for the contract document and the converter's warnings.
func convertFixture(_ name: String) throws -> OpenAPIConversion {
    let data = try #require(FileManager.default.contents(atPath: fixture(name)))
    return try OpenAPIConverter(document: try JSONParser.parse(Array(data))).convert()
}

/// The messages and pointers of the warnings, as `"/pointer: message"`.
func warningLines(_ outcome: ContractLoader.Outcome) -> [String] {
    outcome.problems.filter { $0.severity == .warning }.map { "\($0.pointer.displayText): \($0.message)" }
}

/// Replays a contract against its own mock.
func replayAgainstMock(_ contract: Contract) async throws -> RunResult {
    let mock = ContractMock(contract: contract)
    let baseURL = try mock.start()
    defer { mock.shutdown() }
    let configuration = Replayer.Configuration(baseURL: baseURL, timeout: .seconds(10), concurrency: 2)
    return await Replayer(contract: contract, configuration: configuration).run()
}
