import ContractKit
import Foundation
import Testing

/// The public descriptions in `../shared/openapi-corpus/` (OpenAPI 3.0/3.1 and Swagger 2.0, JSON and
/// YAML, one split over several files): each must lint without errors, and `run` against its own
/// mock must pass, as the issue asks of every description a team did not write for us.
@Suite("OpenAPI corpus")
struct OpenAPICorpusTests {
    /// `CONFORM_OPENAPI_CORPUS`, else `../shared/openapi-corpus` beside the package root.
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["CONFORM_OPENAPI_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "shared/openapi-corpus")
    }()

    /// Extensions the loader reads.
    static let extensions: Set<String> = ["json", "yaml", "yml"]

    /// Descriptions whose replay against their own mock fails because of the mock, not the
    /// conversion (issue #12 covers the mock's side), with the reason.
    /// Every root document of the corpus: the files of a multi-file description other than its
    /// entry point (`spec/swagger.*`) are only reached through `$ref`s.
    static func documents() -> [String] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil)
        else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
            let path = url.path
            if path.contains("/petstore-separate/")
                && url.deletingPathExtension().lastPathComponent != "swagger"
            {
                continue
            }
            paths.append(path)
        }
        return paths.sorted()
    }

    @Test("every corpus description lints with no errors and passes run against its own mock")
    func corpus() async throws {
        guard FileManager.default.fileExists(atPath: Self.root.path) else {
            print(
                "skipped OpenAPI corpus test: \(Self.root.path) is absent (set CONFORM_OPENAPI_CORPUS to a copy of shared/openapi-corpus)"
            )
            return
        }
        let documents = Self.documents()
        #expect(!documents.isEmpty, "no descriptions found under \(Self.root.path)")
        for path in documents {
            let outcome = ContractLoader.read(file: path)
            let errors = outcome.problems.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(path): \(errors.map(\.description).joined(separator: "\n"))")
            guard let contract = outcome.contract, errors.isEmpty else { continue }
            if outcome.testsNothing {
                // A webhooks-only description: valid, but run, fuzz and mock refuse it (nothing to test).
                #expect(outcome.emptiness != nil, "\(path): no endpoints, and no warning saying so")
                continue
            }
            let result = try await replayAgainstMock(contract)
            let failures = result.cases.filter { $0.outcome != .passed && $0.outcome != .skipped }
            #expect(result.isSuccessful, "\(path): \(failures.map { "\($0.endpointID): \($0.outcome)" })")
        }
    }
}
