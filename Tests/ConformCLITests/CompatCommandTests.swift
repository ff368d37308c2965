import ConformCLI
import Foundation
import Testing

/// `conform compat`: exit codes, the gate level, ignores, report files, help and usage errors,
/// and git revisions, as a CI job uses them.
@Suite("conform compat")
struct CompatCommandTests {
    static let shopOld = repo("Tests/ContractCompatTests/Fixtures/Documents/shop-old.yaml")
    static let shopNew = repo("Tests/ContractCompatTests/Fixtures/Documents/shop-new.yaml")
    static let restaurant = repo("Contracts/restaurant.json")

    @Test("a description compared with itself exits 0 and says it passes")
    func unchanged() async {
        let result = await conform("compat", Self.restaurant, Self.restaurant)
        #expect(result.code == .success)
        #expect(result.out.hasSuffix("0 errors, 0 warnings, 0 info; passes (--fail-on error)"))
    }

    @Test("a breaking change exits 1 and prints file:line:column, level, rule and operation")
    func breaking() async {
        let result = await conform("compat", Self.shopOld, Self.shopNew)
        #expect(result.code == .checkFailed)
        #expect(
            result.out.contains(
                "shop-new.yaml:8:60: error: [request-parameter-max-decreased] GET /orders (listOrders): "))
        #expect(
            result.out.contains(
                "shop-old.yaml:28:5: error: [api-removed-without-deprecation] DELETE /orders/{orderId}"))
    }

    @Test("--fail-on warning fails on warnings; accepting every error and warning passes the gate")
    func failOnAndIgnore() async throws {
        let ignore = try temporaryFile(
            """
            # accepted for 2.0
            api-removed-without-deprecation          cancelling moved to the support desk
            request-parameter-max-decreased          the app never asks for more than 20
            response-property-became-optional        v2 clients read total from /totals
            response-property-type-generalized       placedAt is shown as text
            """, name: "compat-ignore.txt")
        let errorsAccepted = await conform("compat", Self.shopOld, Self.shopNew, "--ignore-file", ignore)
        #expect(errorsAccepted.code == .success, "\(errorsAccepted.out)")
        let warnings = await conform(
            "compat", Self.shopOld, Self.shopNew, "--ignore-file", ignore, "--fail-on", "warning")
        #expect(warnings.code == .checkFailed)
        let all = await conform(
            "compat", Self.shopOld, Self.shopNew, "--ignore-file", ignore, "--fail-on", "warning",
            "--ignore", "request-parameter-removed", "--ignore", "response-optional-property-removed",
            "--ignore", "response-property-enum-value-added")
        #expect(all.code == .success, "\(all.out)")
        #expect(all.out.contains("accepted: cancelling moved to the support desk"))
    }

    @Test("--clients codable makes a new response enum value an error and says what it does to a model")
    func codableClients() async {
        let any = await conform(
            "compat", Self.shopOld, Self.shopNew, "--ignore-file", "/dev/null", "--fail-on", "error")
        #expect(!any.out.contains("Codable:"))
        let codable = await conform("compat", Self.shopOld, Self.shopNew, "--clients", "codable")
        #expect(codable.out.contains("error: [response-property-enum-value-added]"))
        #expect(
            codable.out.contains("    Codable: a `Codable` enum with the old cases throws on \"refunded\""))
    }

    @Test("--markdown, --junit and --json write their files")
    func reports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["md", "junit.xml", "json"].map { folder.appendingPathComponent("compat.\($0)").path }
        let result = await conform(
            "compat", Self.shopOld, Self.shopNew, "--markdown", paths[0], "--junit", paths[1], "--json",
            paths[2])
        #expect(result.code == .checkFailed)
        let markdown = try String(contentsOfFile: paths[0], encoding: .utf8)
        // The Order schema's changes reach both order operations: one change each, not two.
        #expect(markdown.contains("### Breaking changes (4)"))
        #expect(markdown.contains("| changes | 4 | 3 | 2 | 0 |"))
        let xml = try String(contentsOfFile: paths[1], encoding: .utf8)
        #expect(
            xml.contains(
                "<testcase classname=\"compat.Shop\" name=\"cancelOrder (DELETE /orders/{orderId})\""))
        let json = try String(contentsOfFile: paths[2], encoding: .utf8)
        #expect(json.contains("\"format\": \"conform-compat\""))
    }

    @Test(
        "--max-markdown-bytes keeps the comment to its size and says what was left out and where the JSON is")
    func markdownLimit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("compat.md").path
        let json = folder.appendingPathComponent("compat.json").path
        let result = await conform(
            "compat", Self.shopOld, Self.shopNew, "--markdown", markdown, "--json", json,
            "--max-markdown-bytes", "4000")
        #expect(result.code == .checkFailed)
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.utf8.count <= 4000)
        #expect(text.contains("| changes | 4 | 3 | 2 | 0 |"))
        #expect(text.contains("**Left out**: "))
        #expect(
            text.contains("the full report, every change and every operation it reaches, is in `\(json)`"))
        let tooSmall = await conform(
            "compat", Self.shopOld, Self.shopNew, "--markdown", markdown, "--max-markdown-bytes", "100")
        #expect(tooSmall.code == .usageOrContractError)
    }

    @Test("usage errors exit 2 in the one wording: a missing argument, a bad level, an unknown rule")
    func usageErrors() async {
        let missing = await conform("compat", Self.restaurant)
        #expect(missing.code == .usageOrContractError)
        #expect(missing.err.hasPrefix("error: missing argument <new> for 'conform compat'"))
        let level = await conform("compat", Self.restaurant, Self.restaurant, "--fail-on", "breaking")
        #expect(level.err.hasPrefix("error: '--fail-on' takes one of error, warning, info, not 'breaking'"))
        let rule = await conform(
            "compat", Self.restaurant, Self.restaurant, "--ignore", "api-removed-without-deprecatoin")
        #expect(rule.code == .usageOrContractError)
        #expect(rule.err.contains("did you mean 'api-removed-without-deprecation'?"))
    }

    @Test("an unreadable description or ignore file exits 2 naming it")
    func unreadableInput() async throws {
        let broken = try temporaryFile("{\"openapi\": \"3.1.0\", ", name: "broken.json")
        let description = await conform("compat", Self.restaurant, broken)
        #expect(description.code == .usageOrContractError)
        #expect(description.err.contains("broken.json:1:"))
        let noReason = try temporaryFile("request-parameter-removed\n", name: "ignore.txt")
        let ignore = await conform("compat", Self.restaurant, Self.restaurant, "--ignore-file", noReason)
        #expect(ignore.code == .usageOrContractError)
        #expect(ignore.err.contains("ignore.txt:1: 'request-parameter-removed' has no reason"))
    }

    @Test("--help shows the defaults from their values and the exit codes; --rules lists the catalogue")
    func helpAndRules() async {
        let help = await conform("compat", "--help")
        #expect(help.code == .success)
        #expect(help.out.contains("(default: error)"))
        #expect(help.out.contains("(default: any)"))
        #expect(help.out.contains("1  a change at the --fail-on level"))
        let rules = await conform("compat", "--rules")
        #expect(rules.code == .success)
        #expect(rules.out.contains("response-property-enum-value-added"))
    }

    @Test("the Markdown report is the same from one process to the next (sets iterate differently in each)")
    func markdownIsStable() throws {
        guard let binary = EndToEndTests.binary else {
            print("skipped the compat Markdown stability test: the conform binary is not built")
            return
        }
        // Twenty operations reach one shared schema whose change ties them in the summary.
        func description(nullableName: Bool) -> String {
            let paths = (1...20).map { index in
                ##""/pets\##(index)": {"get": {"operationId": "pets\##(index)", "responses": {"200": {"##
                    + ##""description": "ok", "content": {"application/json": {"schema": "##
                    + ##"{"$ref": "#/components/schemas/Pet"}}}}}}}"##
            }
            let name = nullableName ? ##"["string", "null"]"## : ##""string""##
            let pet =
                ##"{"type": "object", "required": ["name"], "properties": {"name": {"type": "##
                + name + "}}}"
            return ##"{"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {"##
                + paths.joined(separator: ", ") + ##"}, "components": {"schemas": {"Pet": "## + pet + "}}}"
        }
        let old = try temporaryFile(description(nullableName: false), name: "old.json")
        let new = try temporaryFile(description(nullableName: true), name: "new.json")
        var reports: [String] = []
        for run in 0..<3 {
            let markdown = old + ".\(run).md"
            let process = Process()
            process.executableURL = binary
            process.arguments = ["compat", old, new, "--markdown", markdown]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            reports.append(
                String(decoding: try Data(contentsOf: URL(fileURLWithPath: markdown)), as: UTF8.self))
        }
        #expect(reports[0].contains("By operation (20)"), "\(reports[0])")
        #expect(Set(reports).count == 1, "\(reports[0])\n---\n\(reports[1])")
    }

    @Test("HEAD:Contracts/restaurant.json against the working copy, run by the binary in the checkout")
    func gitRevision() throws {
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(".git").path),
            let binary = EndToEndTests.binary
        else {
            print(
                "skipped conform compat HEAD:… test: not a git checkout, or the conform binary is not built")
            return
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["compat", "HEAD:Contracts/restaurant.json", "Contracts/restaurant.json"]
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("compat: HEAD:Contracts/restaurant.json → Contracts/restaurant.json: "))
    }
}
