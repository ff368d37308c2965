import Foundation
import Testing

@testable import JSONSchema

/// Every YAML file of the public OpenAPI corpus (`../shared/openapi-corpus`, or
/// `CONFORM_OPENAPI_CORPUS`) must read as one document; each `v3-yaml/X.yaml` that has a `v3-json/X.json`
/// twin must read as the same value. (The `swagger2` YAML and JSON twins are not the same documents:
/// descriptions, `type`s and `$ref` file names differ in the sources.)
@Suite struct YAMLCorpusTests {
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["CONFORM_OPENAPI_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/openapi-corpus")
    }()

    static func yamlFiles() -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }
            .filter { ["yaml", "yml"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    @Test("every YAML description of the OpenAPI corpus reads as one document")
    func corpus() throws {
        guard FileManager.default.fileExists(atPath: Self.root.path) else {
            print(
                "OpenAPI corpus: absent, looked in \(Self.root.path) (set CONFORM_OPENAPI_CORPUS to it); YAML reading skipped"
            )
            return
        }
        let files = Self.yamlFiles()
        var twins = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let name = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            do {
                let document = try DocumentReader.parseDocument(
                    bytes, file: name, options: .init(recordsPositions: true))
                let twin = URL(
                    fileURLWithPath: file.deletingPathExtension().appendingPathExtension("json").path
                        .replacingOccurrences(of: "/v3-yaml/", with: "/v3-json/"))
                if let json = FileManager.default.contents(atPath: twin.path) {
                    twins += 1
                    #expect(
                        document.value == (try JSONParser.parse(Array(json))),
                        "\(name) differs from its .json twin")
                }
            } catch {
                Issue.record("\(error)")
            }
        }
        print("OpenAPI corpus: \(files.count) YAML files read, \(twins) equal to their .json twin")
        #expect(!files.isEmpty)
    }
}
