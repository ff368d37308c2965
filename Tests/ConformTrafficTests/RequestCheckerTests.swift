import ConformHTTP
import ContractKit
import Testing

@Suite struct RequestCheckerTests {
    /// A request a client might send, and what the checker must say about it.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var request: HTTPRequest
        /// The check and a fragment of its message, or nil when the request is correct.
        var expected: (check: CheckName, fragment: String)?
        var testDescription: String { label }
    }

    static let correct: [Case] = [
        Case(label: "a listing", request: TrafficFixtures.request("GET", "/items"), expected: nil),
        Case(
            label: "a listing with a limit", request: TrafficFixtures.request("GET", "/items?limit=3"),
            expected: nil),
        Case(label: "an item", request: TrafficFixtures.request("GET", "/items/7"), expected: nil),
        Case(
            label: "a HEAD of the listing", request: TrafficFixtures.request("HEAD", "/items"), expected: nil),
        Case(label: "a complete create", request: TrafficFixtures.validCreate, expected: nil),
    ]

    static let mistakes: [Case] = {
        let create = TrafficFixtures.validCreate
        var noKey = create
        noKey.headers["X-Api-Key"] = nil
        var noRequestID = create
        noRequestID.headers["X-Request-Id"] = nil
        var textBody = create
        textBody.headers["Content-Type"] = "text/plain"
        var missingName = create
        missingName.body = Array("{}".utf8)
        var notJSON = create
        notJSON.body = Array("name=Tea".utf8)
        return [
            Case(
                label: "an unknown path", request: TrafficFixtures.request("GET", "/itemz"),
                expected: (.requestConformance, "no operation of the contract matches GET /itemz")),
            Case(
                label: "an undeclared method", request: TrafficFixtures.request("DELETE", "/items"),
                expected: (.requestConformance, "DELETE is not declared for /items")),
            Case(
                label: "a misspelt query parameter", request: TrafficFixtures.request("GET", "/items?limt=3"),
                expected: (.requestConformance, "did you mean \"limit\"")),
            Case(
                label: "a query value of the wrong type",
                request: TrafficFixtures.request("GET", "/items?limit=all"),
                expected: (.requestConformance, "query parameter \"limit\"")),
            Case(
                label: "a path value out of range", request: TrafficFixtures.request("GET", "/items/0"),
                expected: (.requestConformance, "path parameter \"itemId\"")),
            Case(
                label: "no API key", request: noKey,
                expected: (
                    .requestConformance, "missing credentials for the \"key\" scheme (header X-Api-Key)"
                )),
            Case(
                label: "no required header", request: noRequestID,
                expected: (.requestConformance, "missing required header parameter \"X-Request-Id\"")),
            Case(
                label: "a wrong content type", request: textBody,
                expected: (
                    .requestConformance, "expected Content-Type \"application/json\", got \"text/plain\""
                )),
            Case(
                label: "a body without its required field", request: missingName,
                expected: (.requestSchemaConformance, "\"name\"")),
            Case(
                label: "a body that is not JSON", request: notJSON,
                expected: (.requestSchemaConformance, "the body is not valid JSON")),
        ]
    }()

    @Test("correct requests give no finding", arguments: correct)
    func correctRequests(_ testCase: Case) throws {
        let checker = RequestChecker(
            contract: try TrafficFixtures.contract(),
            schemas: ContractSchemas(contract: try TrafficFixtures.contract()))
        let outcome = checker.check(testCase.request)
        #expect(outcome.findings.isEmpty, "\(outcome.findings.map(\.message))")
        #expect(outcome.match.endpoint != nil)
    }

    @Test("each client mistake is found, as a request finding", arguments: mistakes)
    func clientMistakes(_ testCase: Case) throws {
        let contract = try TrafficFixtures.contract()
        let outcome = RequestChecker(contract: contract, schemas: ContractSchemas(contract: contract)).check(
            testCase.request)
        let expected = try #require(testCase.expected)
        let finding = try #require(outcome.findings.first { $0.check == expected.check })
        #expect(finding.message.contains(expected.fragment), "\(finding.message)")
        #expect(outcome.findings.allSatisfy { $0.check.side == .request })
    }

    @Test("a wrong token is the server's to refuse: only a missing or malformed credential is the client's")
    func credentialPresenceOnly() throws {
        let contract = try TrafficFixtures.contract()
        let checker = RequestChecker(contract: contract, schemas: ContractSchemas(contract: contract))
        var request = TrafficFixtures.validCreate
        request.headers["X-Api-Key"] = "any-value-the-server-may-refuse"
        #expect(checker.check(request).findings.isEmpty)
    }

    @Test("every schema error of a body is its own finding, with its pointer")
    func allBodyErrors() throws {
        let contract = try TrafficFixtures.contract()
        let checker = RequestChecker(contract: contract, schemas: ContractSchemas(contract: contract))
        var request = TrafficFixtures.validCreate
        request.body = Array(#"{"name": "", "colour": "red"}"#.utf8)
        let findings = checker.check(request).findings.filter { $0.check == .requestSchemaConformance }
        #expect(findings.count == 2)
        #expect(Set(findings.compactMap(\.pointer)) == ["/name", "/colour"])
    }

    @Test("a check the contract turns off finds nothing")
    func disabledCheck() throws {
        var contract = try TrafficFixtures.contract()
        contract.checks.disabled.insert(.requestConformance)
        let checker = RequestChecker(contract: contract, schemas: ContractSchemas(contract: contract))
        let outcome = checker.check(TrafficFixtures.request("GET", "/items?limt=3"))
        #expect(outcome.findings.isEmpty)
        #expect(!outcome.checksRun.contains(.requestConformance))
    }
}
