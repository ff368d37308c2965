import ContractKit
import Testing

@Suite("Check settings")
struct CheckSettingsTests {
    private func endpointSettings(contractChecks: String, endpointChecks: String) throws -> CheckSettings {
        let text = """
            {"conform": 1, "name": "Checks", "version": "1", "checks": \(contractChecks),
             "endpoints": [{"id": "a", "method": "GET", "path": "/a", "checks": \(endpointChecks),
                            "responses": {"200": {}}}]}
            """
        let contract = try ContractLoader.load(bytes: Array(text.utf8))
        let endpoint = try #require(contract.endpoint("a"))
        return contract.checks.refined(by: endpoint.checks)
    }

    @Test("an endpoint turns off a check the contract runs")
    func endpointDisables() throws {
        let settings = try endpointSettings(
            contractChecks: "{}", endpointChecks: #"{"max_response_time": false}"#)
        #expect(!settings.isEnabled(.maxResponseTime))
        #expect(settings.isEnabled(.assertions))
    }

    @Test(
        "an endpoint turns back on a check the contract turned off",
        arguments: ["true", #"{"enabled": true}"#])
    func endpointReenables(setting: String) throws {
        let settings = try endpointSettings(
            contractChecks: #"{"max_response_time": false}"#,
            endpointChecks: #"{"max_response_time": \#(setting)}"#)
        #expect(settings.isEnabled(.maxResponseTime))
    }

    @Test("an endpoint's accepted statuses replace the contract's")
    func acceptedStatuses() throws {
        let settings = try endpointSettings(
            contractChecks: #"{"status_code_conformance": {"acceptedStatuses": [429]}}"#,
            endpointChecks: #"{"status_code_conformance": {"acceptedStatuses": [404]}}"#)
        #expect(settings.acceptedStatuses[.statusCodeConformance] == [404])
    }
}
