import ConformTestSupport
import Foundation

/// Where the test fixtures and the package's own files are, found from this file's path so the
/// tests need no resources and read exactly what is checked in.
enum Fixtures {
    /// The package root: three levels above this file (`Tests/ContractKitTests/Fixtures.swift`).
    static let packageRoot = TestPaths.packageRoot

    /// The path of a broken-contract fixture.
    static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/ContractKitTests/Fixtures").appendingPathComponent(name)
            .path
    }

    /// The path of a file in the package, such as `Contracts/restaurant.json`.
    static func packageFile(_ relativePath: String) -> String {
        packageRoot.appendingPathComponent(relativePath).path
    }
}
