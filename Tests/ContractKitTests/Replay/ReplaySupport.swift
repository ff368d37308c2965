import ConformHTTP
import ConformTestSupport
import ContractKit
import ContractMock
import Foundation
import Testing

/// The repository's root, found from this file so tests run from any working directory.
let packageRoot = TestPaths.packageRoot

/// The shipped Restaurant contract, loaded once.
func restaurantContract(sourceLocation: SourceLocation = #_sourceLocation) throws -> Contract {
    try ContractLoader.load(file: packageRoot.appendingPathComponent("Contracts/restaurant.json").path)
}

/// Runs the Restaurant contract against its own mock with `faults`, and returns the result.
func replayAgainstMock(
    faults: [FaultSelection] = [], configure: (inout Replayer.Configuration) -> Void = { _ in }
) async throws -> RunResult {
    let contract = try restaurantContract()
    let mock = ContractMock(
        contract: contract, configuration: .init(faults: faults, faultDelay: .milliseconds(200)))
    let baseURL = try mock.start()
    defer { mock.shutdown() }
    var configuration = Replayer.Configuration(baseURL: baseURL, timeout: .seconds(10), concurrency: 4)
    configure(&configuration)
    return await Replayer(contract: contract, configuration: configuration).run()
}
