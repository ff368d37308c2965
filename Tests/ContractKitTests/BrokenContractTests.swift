import Testing

@testable import ContractKit

/// A deliberately broken contract and the one error a person needs to fix it.
struct BrokenFixture: Sendable, CustomTestStringConvertible {
    var file: String
    var message: String
    var line: Int
    var column: Int
    /// How many errors the fixture yields in all (a capture cycle is reported on each example in it).
    var errorCount = 1

    var testDescription: String { file }
}

@Suite struct BrokenContractTests {
    static let fixtures: [BrokenFixture] = [
        BrokenFixture(
            file: "broken-not-json.json",
            message: "not valid JSON: expected ',' or '}' after an object member, found '\"'", line: 4,
            column: 3),
        BrokenFixture(
            file: "broken-unknown-key.json",
            message: "unknown key \"examlpes\" in an endpoint; did you mean \"examples\"?", line: 15,
            column: 7),
        BrokenFixture(
            file: "broken-wrong-type.json",
            message: "\"latencyBudgetMs\" must be an integer, found string \"fast\"", line: 15, column: 7),
        BrokenFixture(
            file: "broken-missing-conform.json",
            message: "missing required key \"conform\" (the contract format version; use 1)", line: 1,
            column: 1),
        BrokenFixture(
            file: "broken-missing-name.json", message: "missing required key \"name\"", line: 1, column: 1),
        BrokenFixture(
            file: "broken-missing-endpoints.json", message: "missing required key \"endpoints\"", line: 1,
            column: 1),
        BrokenFixture(
            file: "broken-unsupported-version.json",
            message: "unsupported contract format version 2; this Conform reads version 1", line: 2, column: 3
        ),
        BrokenFixture(
            file: "broken-unresolved-ref.json",
            message:
                "$ref \"#/schemas/MenuItm\" points at nothing in this contract; did you mean \"#/schemas/MenuItem\"?",
            line: 18, column: 13),
        BrokenFixture(
            file: "broken-variable-before-capture.json",
            message:
                "variable \"{{menuID}}\" is used but no example captures it; did you mean \"{{menuId}}\"?",
            line: 43, column: 9),
        BrokenFixture(
            file: "broken-capture-cycle.json",
            message: "examples capture and use each other's variables in a cycle: \"first/a\", \"second/b\"",
            line: 14, column: 9, errorCount: 2),
        BrokenFixture(
            file: "broken-path-placeholder.json",
            message:
                "path placeholder {id} has no definition; add \"parameters\": {\"path\": {\"id\": {\"schema\": {\"type\": \"string\"}}}}",
            line: 9, column: 7),
        BrokenFixture(
            file: "broken-path-parameter-not-in-path.json",
            message:
                "path parameter \"itemID2\" does not appear in the path \"/menu/{itemId}\"; did you mean \"itemId\"?",
            line: 18, column: 11),
        BrokenFixture(
            file: "broken-duplicate-id.json",
            message: "duplicate endpoint id \"listMenu\" (first at /endpoints/0)", line: 15, column: 7),
        BrokenFixture(
            file: "broken-undeclared-status.json",
            message:
                "example expects status 404, which endpoint \"listMenu\" does not declare (declared: 200)",
            line: 19, column: 13),
        BrokenFixture(
            file: "broken-status-key.json",
            message:
                "response key \"2O0\" is not a status code (100-599), a range such as \"2XX\", or \"default\"",
            line: 12, column: 9),
        BrokenFixture(
            file: "broken-meta-schema-type.json",
            message:
                "schema breaks the JSON Schema 2020-12 meta-schema: expected one of \"array\", \"boolean\", \"integer\", \"null\", \"number\", …, got \"strnig\"",
            line: 10, column: 11),
        BrokenFixture(
            file: "broken-meta-schema-min-length.json",
            message:
                "schema breaks the JSON Schema 2020-12 meta-schema: expected a number at least 0, got -1",
            line: 8,
            column: 7),
        BrokenFixture(
            file: "broken-regex.json",
            message: "invalid regular expression \"[a-\"; schemas use ECMA-262 syntax", line: 8, column: 7),
        BrokenFixture(
            file: "broken-response-example.json",
            message:
                "response example does not match its schema: /items: expected array, got string \"none\"",
            line: 24, column: 13),
        BrokenFixture(
            file: "broken-unknown-check.json",
            message: "unknown check \"not_a_server_eror\"; did you mean \"not_a_server_error\"?", line: 6,
            column: 5),
        BrokenFixture(
            file: "broken-schema-not-object.json",
            message: "\"schema\" must be a JSON Schema (an object or a boolean), found string \"MenuItem\"",
            line: 12,
            column: 11),
        BrokenFixture(
            file: "broken-object-for-array.json", message: "\"examples\" must be an array, found an object",
            line: 15,
            column: 7),
    ]

    @Test("a broken contract is reported with the message and the place to fix it", arguments: fixtures)
    func reportsTheProblem(_ fixture: BrokenFixture) throws {
        let path = Fixtures.path(fixture.file)
        let outcome = ContractLoader.read(file: path)
        #expect(outcome.hasErrors)
        let errors = outcome.problems.filter { $0.severity == .error }
        #expect(errors.count == fixture.errorCount, "\(errors.map(\.description))")
        let first = try #require(errors.first)
        #expect(first.message == fixture.message)
        #expect(first.position?.line == fixture.line)
        #expect(first.position?.column == fixture.column)
        #expect(first.file == path)
        #expect(
            first.description.hasPrefix(
                "\(path):\(fixture.line):\(fixture.column): error: \(fixture.message) (at "))
    }

    @Test("load throws every problem of a broken contract")
    func loadThrows() {
        #expect(throws: ContractLoader.LoadError.self) {
            try ContractLoader.load(file: Fixtures.path("broken-unknown-key.json"))
        }
    }

    @Test("all problems are reported together, sorted by position")
    func allProblemsTogether() {
        let outcome = ContractLoader.read(file: Fixtures.path("broken-three-errors.json"))
        #expect(
            outcome.problems.map(\.message) == [
                "missing required key \"name\"",
                "unsupported contract format version 2; this Conform reads version 1",
                "unknown key \"examlpes\" in an endpoint; did you mean \"examples\"?",
            ])
        let offsets = outcome.problems.compactMap(\.position?.offset)
        #expect(offsets.count == 3)
        #expect(offsets == offsets.sorted())
    }

    @Test("an unresolvable $ref the reference check skips is still reported by the schema check")
    func referenceUnderExampleProperty() {
        let text = #"""
            {"conform": 1, "name": "n", "version": "1", "endpoints": [],
             "schemas": {"A": {"type": "object", "properties": {"example": {"$ref": "#/schemas/Nope"}}}}}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8))
        // "endpoints": [] is a warning now (run, fuzz and mock refuse a contract that tests nothing).
        #expect(
            outcome.problems.map(\.pointer.description) == [
                "/schemas/A/properties/example/$ref", "/endpoints",
            ])
        #expect(outcome.problems.first?.message.hasPrefix("schema cannot be compiled: ") == true)
    }

    @Test("a missing file is one problem, not a crash")
    func missingFile() {
        let outcome = ContractLoader.read(file: Fixtures.path("no-such-contract.json"))
        #expect(outcome.contract == nil)
        #expect(outcome.problems.map(\.message) == ["no such file"])
    }
}
