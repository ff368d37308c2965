import ContractCompat
import JSONSchema
import Testing

/// Accepted breaks: `--ignore RULE[@operationId]` and ignore files with a reason for each entry.
@Suite("Ignoring accepted changes")
struct IgnoreTests {
    private func report(ignoring entries: [IgnoreEntry]) throws -> CompatReport {
        let pair = try #require(PairCorpus.cases.first { $0.name == "required response property removed" })
        let check = CompatCheck(options: CompatOptions(ignores: entries))
        return check.compare(try side(pair, old: true), try side(pair, old: false))
    }

    private func side(_ pair: PairCase, old: Bool) throws -> LoadedDescription {
        let document = PairDocument.document((old ? pair.oldSlots : pair.newSlots) ?? JSONObject())
        return try DescriptionLoader.load(
            bytes: Array(document.prettyText.utf8), name: old ? "old.json" : "new.json")
    }

    @Test("an accepted change keeps its place in the report with its reason but no longer fails the gate")
    func accepted() throws {
        let entry = IgnoreEntry(
            rule: "response-required-property-removed", operationID: "updatePet",
            reason: "clients moved to v2")
        let report = try report(ignoring: [entry])
        #expect(report.passes)
        let change = try #require(report.changes.first { $0.rule == "response-required-property-removed" })
        #expect(change.acceptedBecause == "clients moved to v2")
        #expect(report.unusedIgnores.isEmpty)
        #expect(report.tally.contains("(1 accepted)"))
        #expect(report.changes.map(\.rule) == (try self.report(ignoring: [])).changes.map(\.rule))
    }

    @Test("an entry for another operation accepts nothing and is reported unused")
    func otherOperation() throws {
        let report = try report(ignoring: [
            IgnoreEntry(rule: "response-required-property-removed", operationID: "listPets")
        ])
        #expect(!report.passes)
        #expect(report.unusedIgnores.map(\.spelled) == ["response-required-property-removed@listPets"])
    }

    @Test("an ignore file gives each entry its reason and skips comments and blank lines")
    func fileEntries() throws {
        let text = """
            # accepted for 2.4

            response-property-enum-value-added@getOrder   the app decodes unknown statuses since 2.3
            request-parameter-removed                     nobody sends ?legacy
            """
        let entries = try IgnoreFile.parse(text, file: "compat-ignore.txt")
        #expect(
            entries.map(\.spelled) == [
                "response-property-enum-value-added@getOrder", "request-parameter-removed",
            ])
        #expect(entries.first?.reason == "the app decodes unknown statuses since 2.3")
        #expect(entries.last?.origin == "compat-ignore.txt:4")
    }

    @Test("an ignore file entry without a reason, or with an unknown rule, is refused with its line")
    func fileProblems() {
        #expect(
            throws: IgnoreFile.ReadError(
                message:
                    "ignore.txt:1: 'api-removed-without-deprecation' has no reason; write why the change is accepted after it (RULE[@operationId] reason)"
            )
        ) {
            try IgnoreFile.parse("api-removed-without-deprecation\n", file: "ignore.txt")
        }
        #expect(
            throws: IgnoreFile.ReadError(
                message:
                    "ignore.txt:2: 'api-removed-without-deprecatoin' is not a compat rule id; did you mean 'api-removed-without-deprecation'?"
            )
        ) {
            try IgnoreFile.parse("\napi-removed-without-deprecatoin  we said so\n", file: "ignore.txt")
        }
    }
}
