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
