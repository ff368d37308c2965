package import Foundation

/// Where the tests find the package and the data kept beside it (`../shared`), each place defined
/// once for every test target.
package enum TestPaths {
    /// The package's root folder (the one holding `Package.swift`).
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shared test data: `CONFORM_SHARED_DIR`, else `../shared` beside the package root.
    package static var shared: URL {
        if let override = ProcessInfo.processInfo.environment["CONFORM_SHARED_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// The public OpenAPI descriptions: `CONFORM_OPENAPI_CORPUS`, else `shared/openapi-corpus`.
    package static var openAPICorpus: URL {
        if let path = ProcessInfo.processInfo.environment["CONFORM_OPENAPI_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return shared.appendingPathComponent("openapi-corpus")
    }

    /// The folder holding the two JUnit XSDs.
    package static var junitSchemas: URL { shared.appendingPathComponent("junit") }

    /// The path of the executable `name` on `PATH`, or nil.
    package static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A new empty folder under the temporary directory, named with `prefix`.
    package static func temporaryFolder(_ prefix: String = "conform-test") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Runs command-line tools for the tests that check Conform's output with them (`xmllint`, `git`).
package enum TestProcess {
    /// Runs `tool` with `arguments` (in `folder` when given) and returns its exit status and its
    /// standard output and error together.
    package static func run(_ tool: String, _ arguments: [String], in folder: URL? = nil) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
