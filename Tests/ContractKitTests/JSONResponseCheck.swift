import ConformHTTP
import ContractKit
import JSONSchema
import Testing

/// Checks one JSON response to `GET /a` (endpoint `a` of `contractText`) with every replay check,
/// as the replayer would after receiving it.
func checkJSONResponse(_ body: String, contract contractText: String) throws -> ResponseChecker.Outcome {
    let contract = try ContractLoader.load(bytes: Array(contractText.utf8))
    let endpoint = try #require(contract.endpoint("a"))
    let checker = ResponseChecker(contract: contract, schemas: ContractSchemas(contract: contract))
    return checker.check(
        HTTPResponse(
            status: 200, headers: [HeaderField("Content-Type", "application/json")], body: Array(body.utf8)),
        to: HTTPRequest(method: "GET", url: "http://localhost/a"), endpoint: endpoint,
        example: endpoint.examples.first)
}
