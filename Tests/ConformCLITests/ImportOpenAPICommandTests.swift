import Foundation
import Testing

@testable import ConformCLI

/// An OpenAPI description written for the OpenAPI import tests of ContractKit.
private func fixture(_ name: String) -> String { repo("Tests/ContractKitTests/OpenAPI/Fixtures/" + name) }

private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conform-openapi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("conform import-openapi")
struct ImportOpenAPICommandTests {
    @Test("writes a contract that conform lint accepts, with the warnings on standard error")
    func writesLintableContract() async throws {
        let output = try temporaryFolder().appendingPathComponent("Contracts/catalog.json").path
        let imported = await conform("import-openapi", fixture("catalog-3.0.json"), "-o", output)
        #expect(imported.code == .success, "\(imported.err)")
        #expect(
            // 8: the seven unmapped parts, and `nullable` beside a `$ref` (ignored by OpenAPI 3.0, applied).
            imported.out.contains("wrote \(output) (Catalog API 2.1.0: 4 endpoints, 4 examples, 8 warnings)"))
        #expect(imported.err.contains("catalog-3.0.json:129:11: warning: cookie parameter \"session\""))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"conform\": 1,\n  \"name\": \"Catalog API\""))
        let lint = await conform("lint", output)
        #expect(lint.code == .success, "\(lint.err)")
        // The three secured endpoints declare no 401/403: lint says what the mock answers instead.
        #expect(lint.out.contains("ok (Catalog API 2.1.0: 4 endpoints, 4 examples, 3 warnings)"))
        let again = await conform("import-openapi", fixture("catalog-3.0.json"), "--output", output)
        #expect(again.code == .usageOrContractError)
        #expect(again.err.contains("already exists; pass --force"))
        let forced = await conform("import-openapi", fixture("catalog-3.0.json"), "-o", output, "--force")
        #expect(forced.code == .success)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == text, "the output is stable")
    }

    @Test("--help has its sections, and the command is listed")
    func help() async {
        let result = await conform("import-openapi", "--help")
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("OVERVIEW: "))
        #expect(result.out.contains("USAGE: conform import-openapi <openapi> [options]"))
        #expect(result.out.contains("EXIT CODES:"))
        #expect(await conform("--help").out.contains("import-openapi"))
        let missing = await conform("import-openapi")
        #expect(missing.code == .usageOrContractError)
        #expect(missing.err.contains("missing argument <openapi>"))
    }

    @Test("the default output is Contracts/<file stem>.json")
    func defaultOutput() {
        #expect(ImportOpenAPICommand.defaultOutput(for: "specs/petstore.json") == "Contracts/petstore.json")
    }

    @Test("lint and run take the OpenAPI document itself")
    func commandsTakeOpenAPI() async {
        let lint = await conform("lint", fixture("restaurant-3.1.json"))
        #expect(lint.code == .success, "\(lint.err)")
        #expect(lint.out.contains("ok (Restaurant API 1.0.0: 5 endpoints, 5 examples)"))
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-openapi-\(UUID().uuidString)"
        ).path
        let run = await conform("run", fixture("restaurant-3.1.json"), "--reports-dir", reports)
        #expect(run.code == .success, "\(run.out)\n\(run.err)")
        let catalog = await conform("run", fixture("catalog-3.0.json"), "--reports-dir", reports)
        #expect(catalog.code == .success, "\(catalog.out)\n\(catalog.err)")
        let fuzz = await conform(
            "fuzz", fixture("catalog-3.0.json"), "--cases", "20", "--reports-dir", reports)
        #expect(fuzz.code == .success, "\(fuzz.out)\n\(fuzz.err)")
    }

    @Test("refuses a document that is not OpenAPI, and reports an invalid one")
    func refusesOtherDocuments() async throws {
        let folder = try temporaryFolder()
        let contract = folder.appendingPathComponent("contract.json")
        try Data(#"{"conform": 1, "name": "x", "version": "1", "endpoints": []}"#.utf8).write(to: contract)
        let notOpenAPI = await conform(
            "import-openapi", contract.path, "-o", folder.appendingPathComponent("out.json").path)
        #expect(notOpenAPI.code == .usageOrContractError)
        #expect(notOpenAPI.err.contains("is not an OpenAPI document"))
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"openapi": "4.0.0"}"#.utf8).write(to: broken)
        let unsupported = await conform(
            "import-openapi", broken.path, "-o", folder.appendingPathComponent("out.json").path)
        #expect(unsupported.code == .usageOrContractError)
        #expect(unsupported.err.contains("unsupported OpenAPI version \"4.0.0\""))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
        let itself = await conform("import-openapi", broken.path, "-o", broken.path, "--force")
        #expect(itself.code == .usageOrContractError)
        #expect(itself.err.contains("is the OpenAPI document itself"))
    }
}
