import ConformTestSupport
import Foundation

/// The fixtures of the traffic tests and the package's own files, found from the package root.
enum Fixtures {
    /// The path of a fixture under `Tests/ConformTrafficTests/Fixtures`.
    static func path(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Tests/ConformTrafficTests/Fixtures")
            .appendingPathComponent(name).path
    }

    /// The path of a file in the package, such as `Contracts/restaurant.json`.
    static func packageFile(_ relativePath: String) -> String {
        TestPaths.packageRoot.appendingPathComponent(relativePath).path
    }
}
