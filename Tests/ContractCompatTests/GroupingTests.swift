import ContractCompat
import Foundation
import JSONSchema
import Testing

/// A change inside a schema many operations share is one finding that lists them, and a report
/// with many findings keeps its Markdown to the size asked for.
@Suite("One finding per change")
struct GroupingTests {
    /// `count` operations that all return the shared `Pet`, each with a query parameter of its
    /// own; the new version lowers Pet's `name` maxLength (shared) and every parameter's maximum.
    static func description(operations count: Int, revised: Bool) throws -> LoadedDescription {
        var paths = JSONObject()
        for index in 0..<count {
            let limit: JSONValue = ["type": "integer", "maximum": revised ? 50 : 100]
            paths["/pets\(index)"] = [
                "get": [
                    "operationId": .string("listPets\(index)"),
                    "parameters": [["name": "limit", "in": "query", "schema": limit]],
                    "responses": [
                        "200": [
                            "description": "ok",
                            "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Pet"]]],
                        ]
                    ],
                ]
            ]
        }
        let name: JSONValue = ["type": "string", "maxLength": revised ? 20 : 40]
        let document: JSONValue = [
            "openapi": "3.1.0", "info": ["title": "Pets", "version": revised ? "2" : "1"],
            "paths": .object(paths),
            "components": [
                "schemas": ["Pet": ["type": "object", "required": ["name"], "properties": ["name": name]]]
            ],
        ]
        let text = JSONSerializer(style: .pretty).string(document)
        return try DescriptionLoader.load(bytes: Array(text.utf8), name: revised ? "new.json" : "old.json")
    }

    @Test("a change in a schema 60 operations share is one finding reaching all 60")
    func sharedSchema() throws {
        let report = CompatCheck().compare(
            try Self.description(operations: 60, revised: false),
            try Self.description(operations: 60, revised: true))
        let shared = report.changes.filter { $0.rule == "response-property-max-length-decreased" }
        #expect(shared.count == 1)
        #expect(Set(shared.first?.reach.map(\.operation.id) ?? []).count == 60)
        #expect(
            shared.first?.message.hasPrefix(
                "the property `name` of the schema `Pet` had its maxLength lowered") == true)
        #expect(shared.first?.reach.first?.subject == "the response property `name` for status 200")
        // Each operation's own parameter change stays its own finding.
        #expect(report.changes.filter { $0.rule == "request-parameter-max-decreased" }.count == 60)
        let json = try JSONParser.parse(CompatJSON.render(report, toolVersion: "test"))
        let first = json["changes"]?.arrayValue?.first {
            $0["rule"] == "response-property-max-length-decreased"
        }
        #expect(first?["operationCount"] == 60)
        #expect(first?["reach"]?.arrayValue?.count == 60)
    }

    @Test(
        "a report too long for a comment keeps under the limit, leads with the summary and counts what it left out"
    )
    func markdownLimit() throws {
        let report = CompatCheck().compare(
            try Self.description(operations: 400, revised: false),
            try Self.description(operations: 400, revised: true))
        let limit = 20_000
        let text = CompatMarkdown.render(report, maxBytes: limit, fullReport: "compat.json")
        #expect(text.utf8.count <= limit)
        #expect(text.contains("| changes | 400 | 0 | 1 | 0 |"))
        #expect(text.contains("| operations reached | 400 | 0 | 400 | 0 |"))
        #expect(text.contains("| `request-parameter-max-decreased` | error | 400 | 400 |"))
        #expect(text.contains("**Left out**: "))
        #expect(text.contains("is in `compat.json`"))
        let whole = CompatMarkdown.render(report, maxBytes: 10_000_000)
        #expect(!whole.contains("**Left out**"))
    }
}
