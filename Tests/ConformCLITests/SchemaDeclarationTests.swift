import ConformCLI
import Foundation
import Testing

/// A contract's `"$schema"` may name the contract format, so editors validate and complete it.
@Suite("$schema in a contract")
struct SchemaDeclarationTests {
    static func contract(schema: String) -> String {
        #"""
        {
          "$schema": "\#(schema)",
          "conform": 1, "name": "Pets", "version": "1.0.0",
          "schemas": { "Pet": { "type": "object", "properties": { "id": { "type": "integer" } } } },
          "endpoints": [
            { "id": "getPet", "method": "GET", "path": "/pet",
              "responses": { "200": { "schema": { "$ref": "#/schemas/Pet" }, "example": { "id": 1 } } },
              "examples": [{ "name": "one" }] }
          ]
        }
        """#
    }

    @Test(
        "the format's id and a relative path to its schema are accepted, and the contract runs",
        arguments: ["urn:conform:contract-format:1", "../docs/contract-format.schema.json"])
    func accepted(schema: String) async throws {
        let file = try temporaryFile(Self.contract(schema: schema), name: "pets.json")
        let lint = await conform("lint", file)
        #expect(lint.code == .success, "\(lint.err)")
        #expect(lint.out.hasSuffix("ok (Pets 1.0.0: 1 endpoint, 1 example)"))
        #expect(lint.err.isEmpty)
        let run = await conform("run", file, "--quiet", "--reports-dir", file + ".reports")
        #expect(run.code == .success, "\(run.err)")
    }

    @Test("another $schema is a warning that says what to use")
    func otherSchema() async throws {
        let file = try temporaryFile(
            Self.contract(schema: "https://json-schema.org/draft/2020-12/schema"), name: "pets.json")
        let lint = await conform("lint", file)
        #expect(lint.code == .success)
        #expect(
            lint.err.contains(
                "pets.json:2:3: warning: \"$schema\" is \"https://json-schema.org/draft/2020-12/schema\", which is not the contract format"
            ))
    }
}
