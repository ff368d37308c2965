import ConformCLI
import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import Testing

/// `--formats` lets a user who did not write an OpenAPI description treat its formats as
/// annotations, as JSON Schema 2020-12 does by default, without editing the description.
@Suite("--formats assert|annotate")
struct FormatsOptionTests {
    static let contract = #"""
        { "conform": 1, "name": "ids", "version": "1", "assertFormats": true,
          "endpoints": [ { "id": "thing", "method": "GET", "path": "/thing",
            "responses": { "200": { "schema": { "type": "object", "required": ["id"],
              "properties": { "id": { "type": "string", "format": "uuid" } } } } } } ] }
        """#

    @Test("a value that breaks its format fails by default here and passes as an annotation")
    func formats() async throws {
        let server = HTTPServer { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"id":"42"}"#.utf8))
        }
        let port = try server.start()
        defer { server.shutdown() }
        let file = try temporaryFile(Self.contract, name: "ids.json")
        let reports = file + ".reports"
        let base = [
            "run", file, "--base-url", "http://127.0.0.1:\(port)", "--quiet", "--reports-dir", reports,
        ]
        let asserted = await conform(base)
        #expect(asserted.code == .checkFailed)
        #expect(asserted.out.contains("uuid"), "\(asserted.out)")
        let annotated = await conform(base + ["--formats", "annotate"])
        #expect(annotated.code == .success, "\(annotated.out)\(annotated.err)")
        let wrong = await conform(base + ["--formats", "sometimes"])
        #expect(wrong.code == .usageOrContractError)
        #expect(wrong.err.contains("'--formats' takes assert or annotate, not 'sometimes'"))
    }
}
