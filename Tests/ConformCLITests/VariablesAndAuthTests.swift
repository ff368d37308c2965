import ConformCLI
import Foundation
import Testing

/// `{{env.…}}`, `{{var.…}}`, `--var`, `--secret-var`, `--auth` and contract-level `auth`.
@Suite("Variables, secrets and authentication")
struct VariablesAndAuthTests {
    static let contract = #"""
        {
          "$schema": "../docs/contract-format.schema.json",
          "conform": 1, "name": "Notes", "version": "2.0.0",
          "auth": {
            "schemes": {
              "token": { "type": "bearer", "token": "{{env.NOTES_TOKEN}}" },
              "key": { "type": "apiKey", "in": "header", "name": "X-Api-Key" },
              "query": { "type": "apiKey", "in": "query", "name": "api_key", "value": "{{env.NOTES_QUERY_KEY}}" }
            },
            "security": ["token", "query"]
          },
          "endpoints": [
            { "id": "listNotes", "method": "GET", "path": "/notes",
              "parameters": { "query": { "tenant": { "schema": { "type": "string" } } } },
              "responses": { "200": { "schema": { "type": "array" }, "example": [{ "owner": "ana" }] } },
              "examples": [ { "name": "as a tenant",
                "query": { "tenant": "{{var.tenant}}" }, "expect": { "status": 200 },
                "assert": [{ "path": "/0/owner", "equals": "{{env.NOTES_TOKEN}}" }] } ] },
            { "id": "health", "method": "GET", "path": "/health", "security": [],
              "responses": { "200": { "schema": { "type": "object" }, "example": {} } } }
          ]
        }
        """#

    private func run(_ arguments: [String], environment: [String: String]) async -> CommandOutput {
        let out = LineCollector()
        let err = LineCollector()
        let console = Console(out: { out.append($0) }, err: { err.append($0) })
        let code = await Conform.run(
            arguments, console: console, environment: environment, standardInput: { Data() })
        return CommandOutput(code: code, out: out.text, err: err.text)
    }

    @Test("a missing variable is an error with file:line:column before any request (exit 2)")
    func missingVariable() async throws {
        let file = try temporaryFile(Self.contract, name: "notes.json")
        let result = await run(
            ["run", file, "--quiet", "--reports-dir", file + ".reports"], environment: [:])
        #expect(result.code == .usageOrContractError)
        #expect(
            result.err.contains(
                "notes.json:6:7: error: {{env.NOTES_TOKEN}} has no value: NOTES_TOKEN is not set in the environment"
            ),
            "\(result.err)")
        #expect(result.err.contains("notes.json:16:"))
        #expect(result.err.contains("{{var.tenant}} has no value: pass --var tenant=VALUE"))
        #expect(!FileManager.default.fileExists(atPath: file + ".reports"), "nothing ran")
    }

    @Test("environment values, secret vars and --auth credentials never reach the output or reports")
    func secretsAreMasked() async throws {
        let file = try temporaryFile(Self.contract, name: "notes.json")
        let reports = file + ".reports"
        let result = await run(
            [
                "run", file, "--var", "tenant=acme", "--auth", "key=K3y-v4lue-9", "--fault", "status-500",
                "--reports-dir", reports,
            ],
            environment: ["NOTES_TOKEN": "s3cr3t-t0ken-42", "NOTES_QUERY_KEY": "qu3ry-k3y-77"])
        #expect(result.code == .checkFailed, "\(result.err)")
        let asserted = await run(
            ["run", file, "--var", "tenant=acme", "--verbose", "--reports-dir", reports + "-assert"],
            environment: ["NOTES_TOKEN": "s3cr3t-t0ken-42", "NOTES_QUERY_KEY": "qu3ry-k3y-77"])
        #expect(asserted.code == .checkFailed, "an assertion quoting the secret fails")
        #expect(asserted.out.contains("[REDACTED]"), "\(asserted.out)")
        let fuzzed = await run(
            [
                "fuzz", file, "--var", "tenant=acme", "--auth", "key=K3y-v4lue-9", "--fault", "status-500",
                "--cases", "3", "--reports-dir", reports,
            ],
            environment: ["NOTES_TOKEN": "s3cr3t-t0ken-42", "NOTES_QUERY_KEY": "qu3ry-k3y-77"])
        #expect(fuzzed.code == .checkFailed, "\(fuzzed.err)")
        var everything = result.out + result.err + fuzzed.out + fuzzed.err + asserted.out + asserted.err
        for folder in [reports, reports + "-assert"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                everything += try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            }
        }
        #expect(everything.contains("tenant=acme"), "a --var value is shown")
        #expect(!everything.contains("s3cr3t-t0ken-42"))
        #expect(!everything.contains("K3y-v4lue-9"))
        #expect(everything.contains("api_key="), "the query key is sent")
        #expect(!everything.contains("qu3ry-k3y-77"))
        #expect(FileManager.default.fileExists(atPath: reports + "/notes.run.junit.xml"))
    }

    @Test("--auth names a declared scheme, with a did-you-mean", arguments: ["run", "mock"])
    func unknownScheme(command: String) async throws {
        let file = try temporaryFile(Self.contract, name: "notes.json")
        let result = await run(
            [command, file] + (command == "run" ? ["--var", "tenant=a"] : []) + ["--auth", "tokn=x"],
            environment: ["NOTES_TOKEN": "abc", "NOTES_QUERY_KEY": "q"])
        #expect(result.code == .usageOrContractError)
        #expect(result.err.contains("no security scheme \"tokn\""))
        #expect(result.err.contains("did you mean 'token'?"))
        #expect(!result.err.contains("=x"))
    }

    @Test("help <command>, -h and correct plurals")
    func habits() async throws {
        let help = await run(["help", "run"], environment: [:])
        #expect(help.code == .success)
        #expect(help.out.hasPrefix("OVERVIEW: Replay a contract"))
        #expect(help.out.contains("--var <name=value>"))
        let short = await run(["lint", "-h"], environment: [:])
        #expect(short.code == .success && short.out.hasPrefix("OVERVIEW: Check contract files"))
        let file = try temporaryFile(Self.contract, name: "notes.json")
        let lint = await run(["lint", file], environment: [:])
        // No 4xx on one endpoint, and a secured endpoint without a declared 401/403.
        #expect(
            lint.out.hasSuffix("ok (Notes 2.0.0: 2 endpoints, 1 example, 2 warnings)"),
            "\(lint.out)\(lint.err)")
        let missing = await run(["run", "Contracts/tod.json"], environment: [:])
        #expect(missing.err == "Contracts/tod.json: error: no such file")
    }

    @Test("--fail-fast stops after the first failure and still writes the reports")
    func failFast() async throws {
        let reports = try temporaryFile("", name: "x").appending(".reports")
        let result = await run(
            [
                "run", repo("Contracts/restaurant.json"), "--fault", "status-500", "--fail-fast",
                "--concurrency", "1",
                "--reports-dir", reports,
            ],
            environment: [:])
        #expect(result.code == .checkFailed)
        #expect(result.err.contains("Stopped after the first failed case (--fail-fast)."))
        let json = try String(contentsOfFile: reports + "/restaurant.run.json", encoding: .utf8)
        #expect(json.contains("\"interrupted\": true"))
    }
}
