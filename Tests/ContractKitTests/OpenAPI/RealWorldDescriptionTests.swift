import ContractKit
import Foundation
import JSONSchema
import Testing

/// Writes `files` (relative path → text) into a fresh temporary folder and returns its path.
private func folder(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "conform-openapi-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

@Suite("Descriptions teams really write: Swagger 2.0, several files, extensions, odd paths")
struct RealWorldDescriptionTests {
    @Test("Swagger 2.0: base URL, definitions, body and query parameters, produces, x-nullable")
    func swagger2() async throws {
        let text = #"""
            {
              "swagger": "2.0",
              "info": {"title": "Pets", "version": "1"},
              "host": "pets.example.com", "basePath": "/v1", "schemes": ["http", "https"],
              "produces": ["application/json"],
              "paths": {
                "/pets": {
                  "get": {
                    "operationId": "listPets",
                    "parameters": [{"$ref": "#/parameters/limit"},
                                   {"name": "tags", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"}],
                    "responses": {"200": {"description": "Pets.", "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}},
                                          "examples": {"application/json": [{"id": 1, "name": "Rex", "tag": null}]}}}
                  },
                  "post": {
                    "operationId": "addPet",
                    "parameters": [{"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Pet"}}],
                    "responses": {"201": {"description": "Added.", "schema": {"$ref": "#/definitions/Pet"}}}
                  }
                }
              },
              "parameters": {"limit": {"name": "limit", "in": "query", "type": "integer", "format": "int32"}},
              "definitions": {
                "Pet": {"type": "object", "required": ["id", "name"],
                        "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string", "x-nullable": true}}}
              }
            }
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "swagger.json")
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        #expect(contract.baseURL?.description.contains("https://pets.example.com/v1") == true)
        #expect(contract.endpoints.map(\.id) == ["listPets", "addPet"])
        let list = try #require(contract.endpoints.first)
        #expect(list.parameters.map(\.name) == ["limit", "tags"])
        #expect(contract.document["schemas"]?["Pet"]?["properties"]?["tag"]?["type"] == ["string", "null"])
        let add = try #require(contract.endpoints.last)
        #expect(add.request?.contentType == "application/json")
        #expect(add.request?.isRequired == true)
        let warnings = outcome.problems.filter { $0.severity == .warning }.map {
            "\($0.pointer.displayText): \($0.message)"
        }
        #expect(warnings.contains { $0.hasPrefix("/schemes:") })
        // collectionFormat pipes is OpenAPI 3's pipeDelimited: ?tags=a|b, read back as ["a", "b"].
        #expect(list.parameters.last?.style == .pipeDelimited)
        #expect(list.parameters.last?.explode == false)
        #expect(!warnings.contains { $0.hasPrefix("/paths/~1pets/get/parameters/1/collectionFormat:") })
        #expect(warnings.contains { $0.hasPrefix("/definitions/Pet/properties/tag/x-nullable:") })
        // Positions point into the 2.0 text.
        #expect(outcome.problems.allSatisfy { $0.position != nil })
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
    }

    @Test("$refs to other files: fragments, relative folders, a cycle between files, each file read once")
    func multiFile() async throws {
        let root = try folder([
            "spec/api.json": #"""
            {"openapi": "3.0.3", "info": {"title": "Split", "version": "1"}, "servers": [{"url": "http://split.test"}],
             "paths": {"/nodes/{id}": {"get": {
               "parameters": [{"$ref": "parameters.json#/id"}],
               "responses": {"200": {"description": "A node.", "content": {"application/json": {"schema": {"$ref": "../models/Node.json"}}}},
                             "default": {"description": "Error.", "content": {"application/json": {"schema": {"$ref": "../models/Node.json#/definitions/Error"}}}}}}}}}
            """#,
            "spec/parameters.json":
                #"{"id": {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "n1"}}"#,
            "models/Node.json": #"""
            {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "edges": {"type": "array", "items": {"$ref": "Edge.json"}}},
             "definitions": {"Error": {"type": "object", "properties": {"message": {"type": "string"}}}}}
            """#,
            "models/Edge.json": #"{"type": "object", "properties": {"to": {"$ref": "Node.json"}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let outcome = ContractLoader.read(file: root.appendingPathComponent("spec/api.json").path)
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        let schemas = try #require(contract.document["schemas"]?.objectValue)
        #expect(Set(schemas.keys) == ["Node", "Edge", "Error"])
        #expect(schemas["Edge"]?["properties"]?["to"] == ["$ref": "#/schemas/Node"])
        #expect(contract.endpoints.first?.parameters.first?.name == "id")
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
    }

    @Test(
        "a remote $ref is an error naming it; a missing file is an error at its $ref; a broken file at its own position"
    )
    func unreadableReferences() throws {
        let root = try folder([
            "api.json": #"""
            {"openapi": "3.0.3", "info": {"title": "Refs", "version": "1"},
             "paths": {"/a": {"get": {"responses": {
               "200": {"description": "A.", "content": {"application/json": {"schema": {"$ref": "https://example.com/a.json"}}}},
               "404": {"description": "B.", "content": {"application/json": {"schema": {"$ref": "missing.json"}}}},
               "500": {"description": "C.", "content": {"application/json": {"schema": {"$ref": "broken.json"}}}}}}}}}
            """#,
            "broken.json": "{\n  \"type\": \"object\",\n  oops\n}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let outcome = ContractLoader.read(file: root.appendingPathComponent("api.json").path)
        let errors = outcome.problems.filter { $0.severity == .error }
        #expect(errors.count == 3, "\(errors)")
        #expect(
            errors.contains {
                $0.message.contains("remote $ref \"https://example.com/a.json\" is not fetched")
                    && $0.pointer.description.hasSuffix("/200/content/application~1json/schema/$ref")
            })
        #expect(
            errors.contains {
                $0.message.contains("missing.json")
                    && $0.pointer.description.hasSuffix("/404/content/application~1json/schema/$ref")
            })
        let broken = try #require(errors.first { $0.file?.hasSuffix("broken.json") == true })
        #expect(broken.position?.line == 3)
    }

    @Test("a problem inside a referenced file points into that file")
    func problemsInReferencedFiles() throws {
        let root = try folder([
            "api.json": #"""
            {"openapi": "3.0.3", "info": {"title": "Split", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "A.",
               "content": {"application/json": {"schema": {"$ref": "models/A.json"}}}}}}}}}
            """#,
            "models/A.json":
                "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"name\": {\"type\": \"string\", \"minLength\": -1}\n  }\n}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        // The broken keyword is left out with a warning (the rest loads); --strict refuses it.
        for strict in [false, true] {
            let outcome = ContractLoader.read(
                file: root.appendingPathComponent("api.json").path, strict: strict)
            let problem = try #require(
                outcome.problems.first { $0.message.contains("meta-schema") }, "\(outcome.problems)")
            #expect(problem.severity == (strict ? .error : .warning), "\(problem)")
            #expect(outcome.hasErrors == strict)
            #expect(problem.file?.hasSuffix("models/A.json") == true, "\(problem)")
            #expect(problem.pointer.description.hasPrefix("/properties/name"), "\(problem)")
            #expect(problem.position?.line == 4, "\(problem)")
        }
    }

    @Test("x- extensions are ignored; a path key with a query becomes a required query constant")
    func extensionsAndQueryKeys() async throws {
        let text = #"""
            {"openapi": "3.0.3", "info": {"title": "Odd", "version": "1"}, "servers": [{"url": "http://odd.test"}],
             "x-tooling": {"$ref": "#/nowhere"},
             "paths": {
               "/responses/{id}?beta=true": {"get": {"operationId": "beta",
                 "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "r1"}],
                 "responses": {"200": {"description": "R.", "content": {"application/problem+json": {"schema": {"type": "object", "x-internal": {"$ref": "#/nowhere"}}}}}}}},
               "/Accounts/{Sid}.json": {"get": {"operationId": "account",
                 "parameters": [{"name": "Sid", "in": "path", "required": true, "schema": {"type": "string"}, "example": "AC1"}],
                 "responses": {"200": {"description": "A."}}}}
             }}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "odd.json")
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        #expect(!outcome.problems.contains { $0.message.contains("points at nothing") })
        let contract = try #require(outcome.contract)
        let beta = try #require(contract.endpoints.first { $0.id == "beta" })
        #expect(beta.path.description == "/responses/{id}")
        let query = try #require(beta.parameters.first { $0.name == "beta" })
        #expect(query.isRequired)
        #expect(query.location == .query)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
    }

    @Test(
        "formats are asserted for descriptions: string formats, and int32/int64/float/double ranges as bounds"
    )
    func formats() throws {
        let text = #"""
            {"openapi": "3.0.3", "info": {"title": "F", "version": "1"},
             "paths": {"/f": {"get": {"responses": {"200": {"description": "F.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/F"}}}}}}}},
             "components": {"schemas": {"F": {"type": "object", "properties": {
               "small": {"type": "integer", "format": "int32"},
               "positive": {"type": "integer", "format": "int32", "minimum": 1},
               "big": {"type": "integer", "format": "int64"},
               "when": {"type": "string", "format": "date-time"}}}}}}
            """#
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "formats.json")
        let contract = try #require(outcome.contract)
        #expect(contract.assertsFormats)
        let properties = try #require(contract.document["schemas"]?["F"]?["properties"])
        #expect(properties["small"]?["minimum"] == .number(JSONNumber(Int(Int32.min))))
        #expect(properties["small"]?["maximum"] == .number(JSONNumber(Int(Int32.max))))
        #expect(properties["positive"]?["minimum"] == 1)
        #expect(properties["big"]?["minimum"] == .number(JSONNumber(Int64.min)))
        #expect(properties["big"]?["maximum"] == .number(JSONNumber(Int64.max)))
        let schemas = ContractSchemas(contract: contract)
        let pointer = JSONPointer(tokens: ["schemas", "F"])
        #expect(!schemas.validate(["small": 4_294_967_296], at: pointer).isValid)
        #expect(!schemas.validate(["when": "yesterday"], at: pointer).isValid)
        let beyondInt64 = try JSONParser.parse(#"{"big": 100000000000000000000}"#)
        #expect(!schemas.validate(beyondInt64, at: pointer).isValid)
        #expect(schemas.validate(["small": 7, "when": "2024-01-01T00:00:00Z"], at: pointer).isValid)
    }

    @Test("a parameter example its schema rejects is a warning and not replayed; an error with strict")
    func brokenParameterExamples() async throws {
        let text = #"""
            {"openapi": "3.0.3", "info": {"title": "P", "version": "1"}, "servers": [{"url": "http://p.test"}],
             "paths": {"/things/{id}": {"get": {"parameters": [
               {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}, "example": "abc"}],
               "responses": {"200": {"description": "T.", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
            """#
        let lenient = ContractLoader.read(bytes: Array(text.utf8), file: "p.json")
        #expect(!lenient.hasErrors, "\(lenient.problems)")
        #expect(lenient.problems.contains { $0.message.contains("path parameter \"id\" = \"abc\"") })
        let contract = try #require(lenient.contract)
        #expect(contract.endpoints.first?.examples.isEmpty == true)
        let result = try await replayAgainstMock(contract)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
        let strict = ContractLoader.read(bytes: Array(text.utf8), file: "p.json", strict: true)
        #expect(strict.hasErrors)
    }

    @Test("XML bodies are checked for well-formedness, not as JSON")
    func xml() {
        #expect(XMLWellFormedness.isXML("application/xml"))
        #expect(XMLWellFormedness.isXML("application/atom+xml"))
        #expect(!XMLWellFormedness.isXML("application/json"))
        #expect(XMLWellFormedness.problem(in: Array("<pet><name>Rex</name></pet>".utf8)) == nil)
        #expect(XMLWellFormedness.problem(in: Array("<pet><name>Rex</pet>".utf8)) != nil)
        #expect(XMLWellFormedness.problem(in: []) != nil)
    }

    @Test("minified and pretty documents record the same positions")
    func minifiedPositions() throws {
        let pretty = "{\n  \"a\": {\n    \"b\": [1, 2, {\"c\": \"é\"}]\n  }\n}"
        let minified = #"{"a":{"b":[1,2,{"c":"é"}]},"d":"x"}"#
        let options = JSONParser.Options(allowsByteOrderMark: false, recordsPositions: true)
        let first = try JSONParser.parseDocument(Array(pretty.utf8), options: options)
        #expect(
            first.sourceMap.position(of: JSONPointer(tokens: ["a", "b", "2", "c"]))?.description == "3:23")
        let second = try JSONParser.parseDocument(Array(minified.utf8), options: options)
        #expect(
            second.sourceMap.position(of: JSONPointer(tokens: ["a", "b", "2", "c"]))?.description == "1:21")
        #expect(second.sourceMap.keyPosition(of: JSONPointer(tokens: ["d"]))?.description == "1:28")
        #expect(second.sourceMap.position(of: JSONPointer(tokens: ["d"]))?.description == "1:32")
    }
}
