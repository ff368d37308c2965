import ConformHTTP
import ConformTraffic
import ContractKit
import Testing

@Suite struct TrafficCheckerTests {
    private func checker(basePath: String = "", maximumBodyBytes: Int = 1_048_576) throws -> TrafficChecker {
        TrafficChecker(
            contract: try TrafficFixtures.contract(), base: APIBase(url: basePath),
            maximumBodyBytes: maximumBodyBytes)
    }

    @Test("a correct exchange passes with no finding")
    func correctExchange() throws {
        let result = try checker().check(
            TrafficExchange(
                name: "exchange 1", request: TrafficFixtures.validCreate,
                response: TrafficFixtures.json(201, #"{"id": 1, "name": "Tea"}"#)))
        #expect(result.outcome == .passed, "\(result.findings.map(\.message))")
        #expect(result.endpointID == "createItem")
        #expect(result.id == "createItem/exchange 1")
        #expect(
            result.checks.contains(.requestSchemaConformance)
                && result.checks.contains(.responseSchemaConformance))
    }

    @Test("a server fault is a response finding, a client mistake a request finding, in one exchange")
    func sidesApart() throws {
        var request = TrafficFixtures.validCreate
        request.body = Array(#"{"name": 5}"#.utf8)
        let result = try checker().check(
            TrafficExchange(
                name: "exchange 2", request: request, response: TrafficFixtures.json(201, #"{"id": "one"}"#)))
        #expect(result.outcome == .failed)
        let sides = Dictionary(grouping: result.findings, by: \.check.side)
        #expect(sides[.request]?.map(\.check) == [.requestSchemaConformance])
        #expect(sides[.response]?.allSatisfy { $0.check == .responseSchemaConformance } == true)
        #expect(sides[.response]?.isEmpty == false)
    }

    @Test("an exchange that names no operation is listed with its reason, not dropped")
    func unmatched() throws {
        let result = try checker().check(
            TrafficExchange(
                name: "exchange 3", request: TrafficFixtures.request("GET", "/health"),
                response: HTTPResponse(status: 200)))
        #expect(result.endpointID == TrafficChecker.unmatchedEndpointID)
        #expect(result.outcome == .failed)
        #expect(result.findings.map(\.check) == [.requestConformance])
        #expect(result.path == "/health")
    }

    @Test("the server's base path is taken off before matching")
    func basePath() throws {
        let result = try checker(basePath: "/v1/").check(
            TrafficExchange(
                name: "exchange 4", request: TrafficFixtures.request("GET", "/v1/items/3"),
                response: TrafficFixtures.json(200, #"{"id": 3, "name": "Tea"}"#)))
        #expect(result.endpointID == "getItem")
        #expect(result.outcome == .passed, "\(result.findings.map(\.message))")
    }

    @Test("no response is an error with a not_a_server_error finding")
    func transportFailure() throws {
        let result = try checker().check(
            TrafficExchange(
                name: "exchange 5", request: TrafficFixtures.request("GET", "/items"),
                failure: .timedOut(seconds: 1, elapsed: .seconds(1))))
        #expect(result.outcome == .error)
        #expect(result.findings.map(\.check) == [.notAServerError])
    }

    @Test("bodies over the limit went through unchecked, and a finding on each side says so")
    func uncheckedBodies() throws {
        var request = TrafficFixtures.validCreate
        request.body = Array(#"{"name": "#.utf8)  // the first bytes only
        let result = try checker(maximumBodyBytes: 8).check(
            TrafficExchange(
                name: "exchange 6", request: request, response: TrafficFixtures.json(201, #"{"id": 1, "na"#),
                requestBodyUnchecked: true, responseBodyUnchecked: true))
        #expect(result.findings.map(\.check).sorted() == [.requestSize, .responseSize])
        #expect(result.findings.allSatisfy { $0.message.contains("went through unchecked") })
    }

    @Test("credentials never reach the result")
    func redacted() throws {
        var request = TrafficFixtures.validCreate
        request.headers["Authorization"] = "Bearer s3cret-token"
        request.body = Array(#"{"name": "s3cret-token"}"#.utf8)
        let result = try checker().check(
            TrafficExchange(name: "exchange 7", request: request, response: TrafficFixtures.json(201, "{}")))
        let text = "\(result.request?.headers ?? [:]) \(result.request?.bodyText ?? "") \(result.curl ?? "")"
        #expect(!text.contains("s3cret-token"))
        #expect(!text.contains("k-123456"), "the contract's API-key header carries the app's real key")
    }
}
