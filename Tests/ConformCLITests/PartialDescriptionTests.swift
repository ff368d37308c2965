import ConformCLI
import Foundation
import Testing

/// A slip fixture of the ContractKit tests.
private func slip(_ name: String) -> String {
    repo("Tests/ContractKitTests/OpenAPI/Fixtures/slips/" + name)
}

/// httpbin's published Swagger 2.0 document (flasgger), when a copy is at hand: `CONFORM_HTTPBIN_SPEC`,
/// else `../shared/httpbin-spec.json`. It is not kept in the repository (third-party file).
private let httpbinSpec: String? = {
    let path =
        ProcessInfo.processInfo.environment["CONFORM_HTTPBIN_SPEC"]
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/httpbin-spec.json").path
    guard FileManager.default.fileExists(atPath: path) else {
        print("skipped httpbin tests: \(path) is absent (set CONFORM_HTTPBIN_SPEC to httpbin's /spec.json)")
        return nil
    }
    return path
}()

@Suite("Commands on descriptions with broken parts")
struct PartialDescriptionTests {
    @Test("run tests what loaded, names what did not in the coverage, and --strict refuses as before")
    func brokenParts() async throws {
        let reports = try temporaryFile("", name: "unused").appending(".reports")
        let run = await conform("run", slip("broken-parts.json"), "--reports-dir", reports)
        #expect(run.code == .success, "\(run.err)")
        #expect(run.err.contains("broken-parts.json:7:7: warning: \"path\" must start with"))
        #expect(
            run.out.contains("getFile                    skipped: \"path\" must start with"), "\(run.out)")
        #expect(run.out.contains("2 passed, 0 failed, 0 errors, 0 skipped in"))
        #expect(run.out.contains("; 1 operation not loaded, so not tested"))
        let junit = try String(contentsOfFile: reports + "/broken-parts.run.junit.xml", encoding: .utf8)
        #expect(junit.contains("<skipped message=\"skipped: &quot;path&quot; must start with"))
        let markdown = try String(contentsOfFile: reports + "/broken-parts.run.md", encoding: .utf8)
        #expect(markdown.contains("## Skipped operations"))
        let json = try String(contentsOfFile: reports + "/broken-parts.run.json", encoding: .utf8)
        #expect(json.contains("\"skippedOperations\": [") && json.contains("\"endpoint\": \"getFile\""))
        let fuzz = await conform("fuzz", slip("broken-parts.json"), "--cases", "2", "--reports-dir", reports)
        #expect(fuzz.code == .success, "\(fuzz.err)")
        #expect(
            fuzz.out.contains("Skipped operations (not loaded, so not tested):\n  getFile  skipped: \"path\"")
        )
        for command in ["run", "fuzz", "mock"] {
            let strict = await conform(command, slip("broken-parts.json"), "--strict")
            #expect(strict.code == .usageOrContractError, "\(command) --strict")
            #expect(strict.err.contains("broken-parts.json:7:7: error: \"path\" must start with"))
        }
        let lint = await conform("lint", slip("broken-parts.json"))
        #expect(lint.code == .success)
        #expect(lint.out.hasSuffix("ok (Broken parts 1: 2 endpoints, 2 examples, 3 warnings)"))
    }

    @Test("--only of an operation that was not loaded is refused with its reason; --skip of it is fine")
    func selectingSkipped() async throws {
        let reports = try temporaryFile("", name: "unused").appending(".reports")
        let only = await conform(
            "run", slip("broken-parts.json"), "--only", "getFile", "--reports-dir", reports)
        #expect(only.code == .usageOrContractError)
        #expect(
            only.err.contains(
                "error: --only getFile: operation GET /files/{name was not loaded (skipped: \"path\" must start with"
            ),
            "\(only.err)")
        let skip = await conform(
            "run", slip("broken-parts.json"), "--skip", "getFile", "--reports-dir", reports)
        #expect(skip.code == .success, "\(skip.err)")
        #expect(!skip.out.contains("not loaded"))
    }

    @Test("httpbin's Swagger 2.0 document loads with warnings only, 73 operations, and --only get_get runs")
    func httpbin() async throws {
        guard let spec = httpbinSpec else { return }
        let lint = await conform("lint", spec)
        #expect(lint.code == .success, "\(lint.err)")
        #expect(
            lint.out.hasSuffix("ok (httpbin.org 0.10.4: 73 endpoints, 39 examples, 117 warnings)"),
            "\(lint.out)")
        #expect(!lint.err.contains(": error:"))
        let reports = try temporaryFile("", name: "unused").appending(".reports")
        let only = await conform("run", spec, "--only", "get_get", "--reports-dir", reports)
        #expect(only.code == .success, "\(only.err)")
        #expect(only.out.contains("1 passed, 0 failed, 0 errors, 72 skipped"), "\(only.out)")
        let strict = await conform("lint", spec, "--strict")
        #expect(strict.code == .usageOrContractError)
    }
}
