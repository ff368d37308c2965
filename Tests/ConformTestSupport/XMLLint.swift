package import Foundation
import Testing

/// Runs `xmllint --noout --schema` on a document, for checking reports against the JUnit XSDs.
package enum XMLLint {
    package struct Outcome {
        package var status: Int32
        package var output: String
    }

    /// The two JUnit XSDs every JUnit report must validate against.
    package static var junitSchemaFiles: [URL] {
        ["jenkins-junit-10.xsd", "windyroad-JUnit.xsd"].map {
            TestPaths.junitSchemas.appendingPathComponent($0)
        }
    }

    /// Whether the XSD checks can run: the XSDs are on disk and xmllint is on PATH. When not, says
    /// so in one line (what was skipped and how to run it), once per process, and the checks skip.
    package static let isAvailable: Bool = {
        if let missing = unavailability {
            print("JUnit XSD checks skipped: " + missing)
            return false
        }
        return true
    }()

    /// What is missing for the XSD checks (the XSDs, xmllint), in one line, or nil when they can run.
    package static var unavailability: String? {
        var missing: [String] = []
        if !junitSchemaFiles.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
            missing.append(
                "the JUnit XSDs are not in \(TestPaths.junitSchemas.path) (set CONFORM_SHARED_DIR to the folder holding junit/)"
            )
        }
        if executable() == nil {
            missing.append("xmllint is not on PATH (apt-get install libxml2-utils; .ci/run does)")
        }
        return missing.isEmpty ? nil : missing.joined(separator: "; and ")
    }

    package static func executable() -> String? { TestPaths.executable("xmllint") }

    /// Validates `xml` against the XSD at `schema`; records a test issue when xmllint is missing.
    package static func validate(_ xml: String, schema: URL) throws -> Outcome? {
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
        let (status, output) = try TestProcess.run(tool, ["--noout", "--schema", schema.path, file.path])
        return Outcome(status: status, output: output)
    }
}
