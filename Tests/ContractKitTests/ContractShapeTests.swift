import Foundation
import JSONSchema
import Testing

@testable import ContractKit

/// `ContractShape` is the one declaration of the format: the decoder reads every key it declares
/// and the format schema allows exactly those keys.
@Suite struct ContractShapeTests {
    /// Every member of every object of the format, each with a valid value.
    static let everyKey = #"""
        {"$schema": "urn:conform:contract-format:1", "conform": 1, "name": "n", "version": "1",
         "description": "d", "baseURL": "http://localhost", "latencyBudgetMs": 100, "assertFormats": true,
         "checks": {"max_response_time": {"enabled": false, "acceptedStatuses": [200]}, "assertions": true},
         "schemas": {"Item": {"type": "object"}},
         "auth": {"description": "d", "security": [["key"], ["token"], ["login"], ["tls"]],
           "unauthenticatedStatuses": [401],
           "schemes": {
             "key": {"type": "apiKey", "in": "header", "name": "X-Key", "value": "k", "description": "d"},
             "token": {"type": "bearer", "token": "t", "description": "d"},
             "login": {"type": "basic", "username": "u", "password": "p", "description": "d"},
             "tls": {"type": "unsupported", "scheme": "mutualTLS", "description": "d"}}},
         "endpoints": [{"id": "e", "method": "post", "path": "/items/{id}", "summary": "s", "description": "d",
           "tags": ["t"], "latencyBudgetMs": 50, "checks": {"assertions": false}, "security": [["token"]],
           "parameters": {
             "path": {"id": {"required": true, "schema": {"type": "string"}, "description": "d",
               "style": "simple", "explode": false}},
             "query": {"q": {"required": false, "filters": "/items/*/name", "limits": "/items",
               "style": "form", "explode": true, "allowReserved": true}},
             "header": {"X-H": {"schema": {"type": "string"}}}},
           "request": {"contentType": "application/json", "schema": {"type": "object"}, "required": true,
             "description": "d"},
           "responses": {
             "201": {"description": "d", "contentType": ["application/json"], "schema": {"type": "object"},
               "example": {}, "headers": {"ETag": {"required": false, "schema": {"type": "string"},
               "description": "d"}}},
             "401": {"description": "refused"}, "4XX": {}, "default": {"contentType": "text/plain"}},
           "examples": [
             {"name": "a", "description": "d", "pathParameters": {"id": "1"}, "query": {"q": "x"},
              "headers": {"X-H": "h"}, "body": {}, "contentType": "application/json",
              "expect": {"status": 201},
              "capture": {"c": "/id", "h": {"header": "ETag", "regex": "(.*)"}, "p": {"pointer": "/id"}},
              "assert": [{"path": "/id", "exists": true}, {"path": "/id", "equals": 1},
                {"path": "/id", "notEmpty": true}, {"path": "/id", "unique": true},
                {"path": "/id", "in": [1]}, {"path": "/id", "matches": "^1$"}]},
             {"name": "b", "pathParameters": {"id": "2"}, "rawBody": "{}"}]}]}
        """#

    @Test("a contract using every declared key loads with no problems")
    func everyKeyLoads() {
        let outcome = ContractLoader.read(bytes: Array(Self.everyKey.utf8))
        #expect(outcome.problems.map(\.description) == [])
    }

    @Test("the format schema accepts the contract with every declared key")
    func everyKeyMatchesSchema() throws {
        let schema = try #require(ContractFormatSchema.compiled)
        let document = try JSONParser.parse(Self.everyKey)
        #expect(schema.validate(document).errors.map(\.description) == [])
    }

    static let objects: [String: ObjectShape] = [
        "endpoint": ContractShape.endpoint, "parameter": ContractShape.parameter,
        "request": ContractShape.request, "response": ContractShape.response, "header": ContractShape.header,
        "example": ContractShape.example, "assertion": ContractShape.assertion,
        "authScheme": ContractShape.authScheme,
    ]

    @Test("each object's schema allows exactly the keys its shape declares", arguments: objects.keys.sorted())
    func schemaKeysAreDeclaredKeys(name: String) throws {
        let properties = try #require(
            ContractFormatSchema.document["$defs"]?[name]?["properties"]?.objectValue)
        #expect(properties.keys == Self.objects[name]?.names)
    }

    @Test("an unknown key is named against the declared keys, with a did-you-mean")
    func unknownKeyUsesDeclaration() {
        let text =
            #"{"conform": 1, "name": "n", "version": "1", "endpoints": [{"id": "e", "method": "GET", "path": "/m", "responses": {"200": {}}, "sumary": "s"}]}"#
        let outcome = ContractLoader.read(bytes: Array(text.utf8))
        #expect(
            outcome.problems.map(\.message) == [
                "unknown key \"sumary\" in an endpoint; did you mean \"summary\"?"
            ])
    }
}
