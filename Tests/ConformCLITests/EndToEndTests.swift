import Foundation
import Testing

/// Runs the built `conform` binary, as a user or a CI job does.
@Suite("conform binary")
struct EndToEndTests {
    static var binary: URL? {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            folder.appendingPathComponent("conform"), Bundle.main.bundleURL.appendingPathComponent("conform"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("conform run on the embedded mock exits 0 and prints the verdict", .enabled(if: binary != nil))
    func runBinary() throws {
        let process = Process()
        guard let binary = Self.binary else { return }
        process.executableURL = binary
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-e2e-\(UUID().uuidString)"
        ).path
        process.arguments = ["run", "Contracts/restaurant.json", "--reports-dir", reports]
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors)")
        #expect(output.contains("PASSED: 6 passed"))
        #expect(errors.contains("PASS listMenu/one category only"))
    }
}
