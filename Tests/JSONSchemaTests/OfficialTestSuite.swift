import Foundation
import JSONSchema

/// The official JSON-Schema-Test-Suite on disk: where it is, its remotes, and its cases.
enum OfficialTestSuite {
    /// One test case: a schema, an instance and whether the instance is valid.
    struct Case: Sendable {
        var file: String
        var group: String
        var test: String
        var schema: JSONValue
        var data: JSONValue
        var valid: Bool

        var name: String { "\(file) > \(group) > \(test)" }
    }

    /// Required tests that are known not to pass, each with the reason. Keep empty if possible.
    static let exclusions: [String: String] = [:]

    /// The suite root: `$JSON_SCHEMA_TEST_SUITE`, or `../shared/json-schema-test-suite` next to the package.
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/json-schema-test-suite")
    }()

    static var testsDirectory: URL { root.appendingPathComponent("tests/draft2020-12") }

    /// Whether the suite is on disk; when it is not, says so once (with the place looked at), and
    /// the tests that need it are skipped rather than failed.
    static let isPresent: Bool = {
        let present = FileManager.default.fileExists(atPath: testsDirectory.path)
        if !present {
            print(
                "JSON-Schema-Test-Suite draft2020-12: absent, looked in \(testsDirectory.path) "
                    + "(set JSON_SCHEMA_TEST_SUITE to the suite root); skipped")
        }
        return present
    }()

    /// Required test files, relative to `tests/draft2020-12`.
    static let requiredFiles: [String] = jsonFiles(in: "")

    /// Optional test files (`optional/` and `optional/format/`).
    static let optionalFiles: [String] = jsonFiles(in: "optional") + jsonFiles(in: "optional/format")

    private static func jsonFiles(in folder: String) -> [String] {
        let directory = folder.isEmpty ? testsDirectory : testsDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }

    /// Every file under `remotes/`, by its `http://localhost:1234/` URI.
    static let remotes: [String: JSONValue] = {
        let remotesDirectory = root.appendingPathComponent("remotes")
        var documents: [String: JSONValue] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: remotesDirectory.path) else {
            return documents
        }
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json"),
                let value = try? load(remotesDirectory.appendingPathComponent(relative))
            else { continue }
            documents["http://localhost:1234/" + relative] = value
        }
        return documents
    }()

    static func load(_ url: URL) throws -> JSONValue {
        let data = try Data(contentsOf: url)
        return try JSONParser.parse(Array(data))
    }

    /// The cases of one file, relative to `tests/draft2020-12`.
    static func cases(in file: String) throws -> [Case] {
        guard case .array(let groups) = try load(testsDirectory.appendingPathComponent(file)) else {
            return []
        }
        var cases: [Case] = []
        for group in groups {
            guard let schema = group["schema"], case .array(let tests) = group["tests"] else { continue }
            let groupName = group["description"]?.stringValue ?? "?"
            for test in tests {
                guard let data = test["data"], let valid = test["valid"]?.boolValue else { continue }
                cases.append(
                    Case(
                        file: file, group: groupName, test: test["description"]?.stringValue ?? "?",
                        schema: schema,
                        data: data, valid: valid))
            }
        }
        return cases
    }

    /// Options for a file: remotes always, format assertion for the format tests.
    static func options(for file: String) -> SchemaOptions {
        SchemaOptions(assertsFormats: file.hasPrefix("optional/format/"), documents: remotes)
    }

    /// Runs one case; nil when it passes, otherwise what went wrong.
    static func run(_ testCase: Case) -> String? {
        let schema: Schema
        do {
            schema = try Schema(testCase.schema, options: options(for: testCase.file))
        } catch {
            return "\(testCase.name): schema failed to compile: \(error)"
        }
        let quick = schema.isValid(testCase.data)
        let full = schema.validate(testCase.data)
        if quick != testCase.valid || full.isValid != testCase.valid {
            return
                "\(testCase.name): expected \(testCase.valid ? "valid" : "invalid"), isValid gave \(quick), "
                + "validate gave \(full.isValid) \(full.errors.map(\.description))"
        }
        if !full.isValid && full.errors.isEmpty { return "\(testCase.name): invalid without any error" }
        return nil
    }
}
