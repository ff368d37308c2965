import ConformHTTP
import ContractKit
import ContractMock
import Foundation
import JSONSchema
import Testing

/// A slip of a description: its fixture, where each warning stands, and whether `--strict` refuses it.
struct SlipCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    /// `line: fragment of the message` of every warning, in file order.
    var warnings: [String]
    /// Whether the description has a defect (`--strict` refuses it) rather than something Conform
    /// merely reads its own way.
    var isDefect: Bool
    var testDescription: String { fixture }

    static let all: [SlipCase] = [
        SlipCase(
            fixture: "slips/swagger2-type-aliases.json",
            warnings: [
                "10: type \"int\" is not a JSON Schema type; it is read as \"integer\"",
                "11: type \"long\" is not a JSON Schema type; it is read as \"integer\" with \"format\": \"int64\"",
                "12: type \"float\" is not a JSON Schema type; it is read as \"number\" with \"format\": \"float\"",
                "13: type \"bool\"", "27: type \"double\"", "28: type \"String\"",
            ], isDefect: true),
        SlipCase(
            fixture: "slips/undeclared-placeholders.json",
            warnings: [
                "6: path placeholder {etag} is not declared in \"parameters\"; it is read as a required string path parameter",
                "13: parameter \"itemId\" is declared \"in\": \"query\", but the path has the placeholder {itemId}; it is read as the path parameter",
            ], isDefect: true),
        SlipCase(
            fixture: "slips/ref-siblings-3.0.json",
            warnings: [
                "24: \"properties\" is a $ref to \"#/components/schemas/OwnerFields\"; as a JSON Reference it stands for the whole map it names",
                "28: OpenAPI 3.0 ignores keywords beside \"$ref\" (\"nullable\"); they are applied as well",
            ], isDefect: true),
        SlipCase(
            fixture: "slips/literal-braces.json",
            warnings: [
                "9: this example contains \"{{\", which is sent literally",
                "14: this example contains \"{{\"",
                "20: this example contains \"{{\"",
            ], isDefect: false),
        SlipCase(fixture: "slips/fragments.json", warnings: [], isDefect: false),
        SlipCase(fixture: "slips/boolean-schemas-3.1.json", warnings: [], isDefect: false),
    ]
}

@Suite("Slips of descriptions are read as their authors meant, each with a warning at its place")
struct DescriptionSlipTests {
    @Test(
        "each loads without errors, with its warnings at their lines; --strict refuses the defects",
        arguments: SlipCase.all)
    func warnings(_ slip: SlipCase) throws {
        let outcome = readFixture(slip.fixture)
        #expect(!outcome.hasErrors, "\(outcome.problems.map(\.description))")
        let warnings = outcome.problems.filter { $0.severity == .warning }
        #expect(
            warnings.count == slip.warnings.count, "\(warnings.map(\.description).joined(separator: "\n"))")
        for (warning, expected) in zip(warnings, slip.warnings) {
            let parts = expected.split(separator: ":", maxSplits: 1).map(String.init)
            #expect(warning.position?.line == Int(parts[0]), "\(warning)")
            #expect(
                warning.message.contains(parts[1].dropFirst()), "\(warning.message) does not say \(parts[1])")
            #expect(warning.file == fixture(slip.fixture))
        }
        let strict = ContractLoader.read(file: fixture(slip.fixture), strict: true)
        #expect(strict.hasErrors == slip.isDefect, "\(strict.problems.map(\.description))")
    }

    @Test("Swagger 2.0 type aliases are the types they name, with the formats they imply")
    func typeAliases() throws {
        let contract = try #require(readFixture("slips/swagger2-type-aliases.json").contract)
        let endpoint = try #require(contract.endpoints.first)
        let types = endpoint.parameters.map { parameter in
            parameter.schemaPointer.flatMap { $0.resolve(in: contract.document) }?["type"]?.stringValue
        }
        #expect(types == ["integer", "integer", "number", "boolean"])
        let size = try #require(endpoint.parameters[1].schemaPointer?.resolve(in: contract.document))
        #expect(size["format"] == "int64")
        let delay = try #require(contract.document["schemas"]?["Delay"]?["properties"])
        #expect(delay["seconds"]?["type"] == "number" && delay["seconds"]?["format"] == "double")
        #expect(delay["label"]?["type"] == "string")
    }

    @Test(
        "an undeclared placeholder is a required string; a path parameter declared in the query is the path's"
    )
    func placeholders() async throws {
        let contract = try #require(readFixture("slips/undeclared-placeholders.json").contract)
        let etag = try #require(contract.endpoints.first { $0.path.template == "/etag/{etag}" })
        #expect(etag.parameters.map(\.name) == ["etag"])
        #expect(etag.parameters.first?.location == .path && etag.parameters.first?.isRequired == true)
        let item = try #require(contract.endpoints.first { $0.path.template == "/items/{itemId}" })
        #expect(item.parameters.map(\.location) == [.path])
        #expect(item.examples.first?.pathParameters.first?.value == 7)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.map { "\($0.id) \($0.outcome) \($0.findings)" })")
        #expect(result.cases.contains { $0.request?.url.hasSuffix("/items/7") == true })
    }

    @Test("a map of schemas given as a $ref, in this file or another, is the map it names")
    func referencedMaps() throws {
        let single = try #require(readFixture("slips/ref-siblings-3.0.json").contract)
        let owner = try #require(single.document["schemas"]?["Owner"]?["properties"])
        #expect(owner["name"] == ["type": "string"])
        #expect(owner["pet"] == ["anyOf": [["$ref": "#/schemas/Pet"], ["type": "null"]]])
        let split = readFixture("slips/ref-map/api.yaml")
        #expect(!split.hasErrors, "\(split.problems)")
        let pet = try #require(split.contract?.document["schemas"]?["Pet"]?["properties"])
        #expect(pet["id"] == ["type": "integer", "minimum": 1])
        let warning = try #require(split.problems.first)
        #expect(warning.file?.hasSuffix("slips/ref-map/schemas.yaml") == true)
        #expect(warning.position?.line == 5 && warning.pointer.description == "/Pet/properties/$ref")
        #expect(ContractLoader.read(file: fixture("slips/ref-map/api.yaml"), strict: true).hasErrors)
    }

    @Test("{{…}} in an example is sent and served literally: only contracts have variables")
    func literalBraces() async throws {
        let contract = try #require(readFixture("slips/literal-braces.json").contract)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.map { "\($0.id) \($0.findings)" })")
        let sent = try #require(result.cases.first?.request)
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"text":"Report for {{current_date}}"}"#)
        #expect(sent.url.hasSuffix("/messages?layout=%7B%7Bdefault%7D%7D"), "\(sent.url)")
        let served = try #require(result.cases.first?.response)
        #expect(String(decoding: served.body, as: UTF8.self) == #"{"text":"Report for {{current_date}}"}"#)
    }

    @Test(
        "path keys that differ by a #fragment: two operations, one URL without the fragment, the mock routes each"
    )
    func fragments() async throws {
        let contract = try #require(readFixture("slips/fragments.json").contract)
        #expect(contract.endpoints.map(\.path.template) == ["/pets#byName", "/pets#byId"])
        #expect(contract.endpoints.map(\.path.route) == ["/pets", "/pets"])
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.map { "\($0.id) \($0.findings)" })")
        #expect(result.cases.allSatisfy { $0.request?.url.contains("#") == false })
        let mock = ContractMock(contract: contract)
        func get(_ query: [(name: String, value: String)]) -> HTTPResponse {
            let target =
                "/pets"
                + (query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
            return mock.respond(to: HTTPRequest(method: "GET", url: target))
        }
        let byID = get([("id", "7")])
        #expect(byID.status == 200 && byID.body.first == UInt8(ascii: "{"))
        let byName = get([("name", "Rex")])
        #expect(byName.status == 200 && byName.body.first == UInt8(ascii: "["))
        #expect(get([]).status == 400)
    }

    @Test("3.1 boolean schemas load wherever a schema may stand, and the mock serves them")
    func booleanSchemas() async throws {
        let contract = try #require(readFixture("slips/boolean-schemas-3.1.json").contract)
        let get = try #require(contract.endpoints.first)
        #expect(get.parameters.map(\.name) == ["id", "filter", "X-Trace"])
        #expect(get.parameters.first?.schemaPointer?.resolve(in: contract.document) == true)
        #expect(contract.document["schemas"]?["Box"]?["properties"]?["legacy"] == false)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.map { "\($0.id) \($0.findings)" })")
    }
}
