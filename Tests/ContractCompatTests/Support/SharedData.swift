import ConformTestSupport
import Foundation
import Testing

/// The data kept beside the package (`../shared`): the public OpenAPI descriptions and the JUnit
/// XSDs with `xmllint`. A test that needs one and finds it missing prints one line and passes.
enum SharedData {
    static var packageRoot: URL { TestPaths.packageRoot }

    /// `CONFORM_OPENAPI_CORPUS`, else `../shared/openapi-corpus`.
    static var corpus: URL { TestPaths.openAPICorpus }

    /// Every root description of the corpus (the parts of the split one are reached by `$ref`).
    static func corpusDocuments() -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator where ["json", "yaml", "yml"].contains(url.pathExtension) {
            if url.path.contains("/petstore-separate/")
                && url.deletingPathExtension().lastPathComponent != "swagger"
            {
                continue
            }
            paths.append(url.path)
        }
        return paths.sorted()
    }

    /// `CONFORM_SHARED_DIR/junit`, else `../shared/junit`.
    static var junitSchemas: URL { TestPaths.junitSchemas }

    static func executable(_ name: String) -> String? { TestPaths.executable(name) }

    /// What is missing for the XSD checks, or nil when they can run.
    static var xsdCheckUnavailable: String? { XMLLint.unavailability }

    /// Runs a tool and returns its exit status and combined output.
    static func run(_ tool: String, _ arguments: [String], in folder: URL? = nil) throws -> (
        status: Int32, output: String
    ) {
        try TestProcess.run(tool, arguments, in: folder)
    }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL { try TestPaths.temporaryFolder("conform-compat-test") }
}
