import ConformCLI
import Foundation
import Testing

@Suite("conform command line", .serialized)
struct CLITests {
    @Test("lint: the shipped contracts are clean")
    func lintClean() async {
        let result = await conform(
            "lint", repo("Contracts/restaurant.json"), repo("Contracts/thecatapi.json"))
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out.contains(
                "/Contracts/restaurant.json: ok (Restaurant API 1.0.0: 4 endpoints, 6 examples)"))
        #expect(result.err.isEmpty)
    }

    @Test("lint: a broken contract gets file:line:column messages and exit 2")
    func lintBroken() async throws {
        let path = try temporaryFile(
            """
            {
              "conform": 1, "name": "Broken", "version": "1",
              "endpoints": [
                { "id": "a", "method": "GET", "path": "/items/{id}",
                  "responses": { "200": { "schema": { "$ref": "#/schemas/Item" } } },
                  "examlpes": [] }
              ]
            }
            """, name: "broken.json")
        let result = await conform("lint", path)
        #expect(result.code == .usageOrContractError)
        #expect(
            result.err.contains(
                "broken.json:6:7: error: unknown key \"examlpes\" in an endpoint; did you mean \"examples\"?")
        )
        #expect(result.err.contains("broken.json:4:35: error: path placeholder {id} has no definition"))
        #expect(result.err.contains("error: $ref \"#/schemas/Item\" points at nothing in this contract"))
    }

    @Test("lint: a file that is not JSON says where")
    func lintNotJSON() async throws {
        let path = try temporaryFile("{\n  \"conform\": 1,\n  \"name\" \"x\"\n}", name: "bad.json")
        let result = await conform("lint", path)
        #expect(result.code == .usageOrContractError)
        #expect(
            result.err.contains(
                "bad.json:3:10: error: not valid JSON: expected ':' after an object key, found '\"'"))
    }

    @Test("validate: valid, invalid and unreadable inputs have distinct exit codes")
    func validate() async throws {
        let schema = try temporaryFile(
            #"{"type":"object","required":["price"],"properties":{"price":{"type":"number"}}}"#,
            name: "schema.json")
        let valid = try temporaryFile(#"{"price": 9.99}"#)
        let invalid = try temporaryFile(#"{"price": "9.99"}"#)
        #expect(await conform("validate", "--schema", schema, valid).code == .success)
        let bad = await conform("validate", "--schema", schema, invalid)
        #expect(bad.code == .checkFailed)
        #expect(
            bad.err.contains(
                "file.json:1:2: error: expected number, got string \"9.99\" (at /price, schema /properties/price/type)"
            ))
        #expect(
            await conform("validate", "--schema", schema, "/no/such/file.json").code == .usageOrContractError)
        let notJSON = await conform("validate", "--schema", schema, stdin: "{oops")
        #expect(notJSON.code == .usageOrContractError)
        #expect(notJSON.err.contains("<stdin>:1:2: not valid JSON"))
    }

    @Test("validate: --format json prints the standard basic output")
    func validateBasicOutput() async throws {
        let schema = try temporaryFile(#"{"type":"array","items":{"type":"integer"}}"#, name: "schema.json")
        let result = await conform("validate", "--schema", schema, "--format", "json", stdin: "[1, \"two\"]")
        #expect(result.code == .checkFailed)
        #expect(result.out.contains("\"valid\": false"))
        #expect(result.out.contains("\"instanceLocation\": \"/1\""))
        #expect(result.out.contains("\"keywordLocation\": \"/items/type\""))
    }

    @Test("validate: a schema inside a contract, by pointer")
    func validateAgainstContractSchema() async {
        let result = await conform(
            "validate", "--schema", repo("Contracts/restaurant.json") + "#/schemas/OrderResponse",
            stdin: #"{"preparation_time": 12}"#)
        #expect(result.code == .success, "\(result.err)")
    }

    @Test("run: the embedded mock passes; a fault fails with exit 1; an unreachable server gives 3")
    func runExitCodes() async {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-\(UUID().uuidString)"
        ).path
        let clean = await conform("run", repo("Contracts/restaurant.json"), "--reports-dir", reports)
        #expect(clean.code == .success, "\(clean.err)\n\(clean.out)")
        #expect(clean.out.contains("PASSED: 6 passed, 0 failed, 0 errors, 0 skipped"))
        let broken = await conform(
            "run", repo("Contracts/restaurant.json"), "--fault", "ignored-filter", "--quiet", "--reports-dir",
            reports)
        #expect(broken.code == .checkFailed)
        #expect(broken.out.contains("the category filter is ignored"))
        #expect(broken.out.contains("reproduce: curl -sS -i 'http://127.0.0.1:"))
        let unreachable = await conform(
            "run", repo("Contracts/restaurant.json"), "--base-url", "http://127.0.0.1:9", "--quiet",
            "--reports-dir", reports)
        #expect(unreachable.code == .serverUnreachable)
    }

    @Test(
        "usage errors say what is wrong and suggest the fix",
        arguments: [
            (["lnit"], "unknown command 'lnit'; did you mean 'lint'?"),
            (
                ["run", repo("Contracts/restaurant.json"), "--concurency", "2"],
                "unknown option '--concurency' for 'conform run'; did you mean '--concurrency'?"
            ),
            (["run", repo("Contracts/restaurant.json"), "--only", "listMneu"], "did you mean 'listMenu'?"),
            (["run", repo("Contracts/restaurant.json"), "--shard", "4/3"], "'--shard' takes i/n"),
            (
                ["run", repo("Contracts/restaurant.json"), "--fault", "wrong-tipe"],
                "unknown fault 'wrong-tipe'; did you mean 'wrong-type'?"
            ),
            (["validate", "--format", "xml"], "--format"),
            (["lint"], "missing argument <contract>"),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let out = LineCollector()
        let err = LineCollector()
        let console = Console(out: { out.append($0) }, err: { err.append($0) })
        let code = await Conform.run(arguments, console: console, environment: [:], standardInput: { Data() })
        #expect(code == .usageOrContractError)
        #expect(err.text.contains(message), "\(err.text)")
    }

    @Test("every command has --help with its sections", arguments: ["lint", "validate", "run", "mock"])
    func help(command: String) async {
        let result = await conform(command, "--help")
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("OVERVIEW: "))
        #expect(result.out.contains("USAGE: conform \(command)"))
        #expect(result.out.contains("OPTIONS:"))
        #expect(result.out.contains("EXIT CODES:"))
    }
}

@Suite("conform reports, diff and merge", .serialized)
struct ReportCommandTests {
    private func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conform-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("run writes JUnit XML, Markdown and JSON results under --reports-dir")
    func runWritesReports() async throws {
        let dir = try folder()
        let result = await conform("run", repo("Contracts/restaurant.json"), "--quiet", "--reports-dir", dir)
        #expect(result.code == .success)
        for name in ["restaurant.run.junit.xml", "restaurant.run.md", "restaurant.run.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(dir)/\(name)"), "\(name)")
        }
        let markdown = try String(contentsOfFile: "\(dir)/restaurant.run.md", encoding: .utf8)
        #expect(markdown.hasPrefix("✅ Passed: Restaurant API 1.0.0 against http://127.0.0.1:"))
        #expect(markdown.split(separator: "\n")[0].contains(": 6 passed, 0 failed, 0 errors, 0 skipped in "))
    }

    @Test("shards 1/3..3/3 merge into one report with every case once")
    func shardsMerge() async throws {
        let dir = try folder()
        var files: [String] = []
        for index in 1...3 {
            let path = "\(dir)/shard\(index).json"
            let run = await conform(
                "run", repo("Contracts/restaurant.json"), "--quiet", "--shard", "\(index)/3", "--json", path,
                "--reports-dir", dir)
            #expect(run.code == .success)
            files.append(path)
        }
        let out = LineCollector()
        let err = LineCollector()
        let console = Console(out: { out.append($0) }, err: { err.append($0) })
        let code = await Conform.run(
            ["merge"] + files + [
                "--json", "\(dir)/merged.json", "--junit", "\(dir)/merged.xml", "--markdown",
                "\(dir)/merged.md",
            ],
            console: console, environment: [:], standardInput: { Data() })
        #expect(code == .success, "\(err.text)")
        #expect(out.text.contains("6 passed, 0 failed, 0 errors, 0 skipped in 3 result files"))
    }

    @Test("diff exits 1 on a regression and 0 without")
    func diff() async throws {
        let dir = try folder()
        _ = await conform(
            "run", repo("Contracts/restaurant.json"), "--quiet", "--json", "\(dir)/before.json",
            "--reports-dir", dir)
        _ = await conform(
            "run", repo("Contracts/restaurant.json"), "--quiet", "--fault", "status-500@placeOrder", "--json",
            "\(dir)/after.json",
            "--reports-dir", dir)
        let same = await conform("diff", "\(dir)/before.json", "\(dir)/before.json")
        #expect(same.code == .success)
        let worse = await conform(
            "diff", "\(dir)/before.json", "\(dir)/after.json", "--markdown", "\(dir)/diff.md")
        #expect(worse.code == .checkFailed)
        #expect(worse.out.contains("placeOrder/order the first menu item: passed -> failed"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/diff.md"))
    }
}
