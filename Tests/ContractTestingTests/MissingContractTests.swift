import ContractKit
import ContractTesting
import Foundation
import Testing

/// A gate that cannot find or read its contract must fail, never pass with "no test cases".
@Suite("ContractSuite with a missing, broken or empty contract")
struct MissingContractTests {
    @Test("a typo in the contract path is one failing case with the loader's message")
    func typoFails() async throws {
        let suite = ContractSuite(file: "Contracts/tod.json", environment: [:])
        #expect(suite.cases.count == 1)
        let only = try #require(suite.cases.first)
        #expect(only.testDescription == "cannot load Contracts/tod.json")
        await withKnownIssue {
            await suite.expectConformance(only)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Contracts/tod.json: error: no such file")
        }
        await #expect(throws: ContractSuite.SuiteError.self) { try await suite.run(only) }
    }

    @Test("an invalid contract fails with file:line:column")
    func brokenFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try Data(#"{"conform": 1, "name": "x", "version": "1", "endpoints": [], "extra": true}"#.utf8).write(
            to: file)
        let suite = ContractSuite(file: file.path, environment: [:])
        let only = try #require(suite.cases.first)
        await withKnownIssue {
            await suite.expectConformance(only)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("broken.json:1:")
        }
    }

    @Test("a contract with no examples fails instead of passing with nothing")
    func emptyFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.json")
        try Data(#"{"conform": 1, "name": "x", "version": "1", "endpoints": []}"#.utf8).write(to: file)
        let suite = ContractSuite(file: file.path, environment: [:])
        #expect(suite.cases.count == 1)
        let only = try #require(suite.cases.first)
        await withKnownIssue {
            await suite.expectConformance(only)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no examples")
        }
    }

    @Test("a relative path resolves against the package root, not the working directory")
    func resolvesAgainstPackageRoot() throws {
        let suite = ContractSuite(file: "Contracts/restaurant.json", environment: [:])
        let contract = try suite.contract.get()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        #expect(contract.file == root.appendingPathComponent("Contracts/restaurant.json").path)
        #expect(suite.cases.count == 6)
    }
}

@Suite("ContractSuite variables")
struct ContractSuiteVariableTests {
    static func contract(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("vars.json")
        let text = #"""
            {"conform": 1, "name": "V", "version": "1", "endpoints": [
              {"id": "one", "method": "GET", "path": "/one", "responses": {"200": {}},
               "examples": [{"name": "with a token", "headers": {"X-Token": "{{env.SUITE_TOKEN}}"},
                             "query": {"region": "{{var.region}}"}}]}]}
            """#
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("a variable without a value is a failing case naming it; with values the case runs")
    func variables() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.contract(in: folder)
        let missing = ContractSuite(file: file, environment: [:])
        let only = try #require(missing.cases.first)
        await withKnownIssue {
            await missing.expectConformance(only)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("{{env.SUITE_TOKEN}} has no value")
                && text.contains("{{var.region}} has no value")
        }
        let filled = ContractSuite(
            file: file, environment: ["SUITE_TOKEN": "t0k3n-secret", "CONFORM_VAR_region": "eu"])
        let example = try #require(filled.cases.first)
        let result = try await filled.run(example)
        #expect(result.request?.url.hasSuffix("/one?region=eu") == true)
        #expect(result.curl?.contains("X-Token") == true)
        #expect(result.curl?.contains("t0k3n-secret") == false, "the env value is masked in the reproducer")
    }
}
