import ConformHTTP
import ContractKit
import JSONSchema
import Testing

/// A response is held to the whole schema: a property the schema marks `writeOnly` (a password, an
/// API key) is sent in requests and not returned, as Prefect's settings returned theirs.
@Suite("writeOnly properties in responses")
struct WriteOnlyResponseTests {
    /// Prefect's settings: pydantic's SecretStr is `anyOf: [{string, writeOnly}, {null}]`.
    static let settings = #"""
        {"openapi": "3.1.0", "info": {"title": "Settings", "version": "1"},
         "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok",
           "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}}}}}},
         "components": {"schemas": {
           "Settings": {"type": "object", "properties": {
             "url": {"type": "string"},
             "key": {"anyOf": [{"type": "string", "format": "password", "writeOnly": true}, {"type": "null"}]},
             "database": {"$ref": "#/components/schemas/Database"}}},
           "Database": {"type": "object", "properties": {
             "password": {"type": "string", "writeOnly": true}, "name": {"type": "string"}}}}}}
        """#

    private func check(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Finding]
    {
        try checkJSONResponse(body, contract: Self.settings).findings
    }

    @Test("a returned writeOnly value is a finding at its pointer, without the value itself")
    func returnedSecrets() throws {
        let findings = try check(
            #"{"url": "http://x", "key": "s3cret-key", "database": {"password": "hunter2", "name": "db"}}"#)
        #expect(findings.map(\.pointer) == ["/key", "/database/password"])
        #expect(findings.allSatisfy { $0.check == .responseSchemaConformance })
        #expect(findings.first?.message == "/key is writeOnly: a response should not return it (OpenAPI)")
        #expect(
            !findings.contains {
                ($0.actual ?? "").contains("s3cret") || ($0.actual ?? "").contains("hunter2")
            })
    }

    @Test("null matches only the branch that is not writeOnly: nothing was returned")
    func nullIsNotASecret() throws {
        #expect(try check(#"{"url": "http://x", "key": null, "database": {"name": "db"}}"#).isEmpty)
    }

    @Test("a body that also breaks its schema gets both findings")
    func withSchemaErrors() throws {
        let findings = try check(#"{"url": 3, "database": {"password": "p"}}"#)
        #expect(findings.contains { $0.pointer == "/database/password" })
        #expect(findings.contains { $0.pointer == "/url" })
    }
}
