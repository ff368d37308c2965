import Foundation
import Testing

/// Runs `xmllint --noout --schema` on a document, for checking reports against the JUnit XSDs.
enum XMLLint {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// The folder holding the shared test assets: `CONFORM_SHARED_DIR`, or `../shared` beside the
    /// package root.
    static var sharedDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["CONFORM_SHARED_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The folder holding the JUnit XSDs.
    static var junitSchemas: URL { sharedDirectory.appendingPathComponent("junit") }

    /// Whether the XSD checks can run: the XSDs are on disk and xmllint is on PATH. When not, says
    /// so in one line (what was skipped and how to run it), once per process, and the checks skip.
    static let isAvailable: Bool = {
        let xsd = junitSchemas.appendingPathComponent("windyroad-JUnit.xsd")
        var missing: [String] = []
        if !FileManager.default.fileExists(atPath: xsd.path) {
            missing.append(
                "the JUnit XSDs are not in \(junitSchemas.path) (set CONFORM_SHARED_DIR to the folder holding junit/)"
            )
        }
        if executable() == nil {
            missing.append("xmllint is not on PATH (apt-get install libxml2-utils; .ci/run does)")
        }
        guard missing.isEmpty else {
            print("JUnit XSD checks skipped: " + missing.joined(separator: "; and "))
            return false
        }
        return true
    }()

    static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/xmllint"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Validates `xml` against the XSD at `schema`; records a test issue when xmllint is missing.
    static func validate(_ xml: String, schema: URL) throws -> Outcome? {
        guard let tool = executable() else {
            Issue.record(
                "xmllint is not on PATH: install Debian's libxml2-utils (apt-get install -y libxml2-utils); .ci/run does"
            )
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-xmllint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.xml")
        try Data(xml.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--noout", "--schema", schema.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
