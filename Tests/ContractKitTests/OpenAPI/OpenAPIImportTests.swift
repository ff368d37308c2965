import ContractKit
import Foundation
import JSONSchema
import Testing

@Suite("OpenAPI 3.0 and 3.1 documents load as contracts")
struct OpenAPIImportTests {
    @Test("the 3.0 catalog lints without errors, with exactly the expected warnings")
    func catalogLints() throws {
        let outcome = readFixture("catalog-3.0.json")
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        #expect(contract.name == "Catalog API")
        #expect(contract.version == "2.1.0")
        #expect(contract.baseURL == "https://eu.catalog.example.com/v1")
        #expect(
            contract.endpoints.map(\.id) == ["listCategories", "getCategory", "createProduct", "getProduct"])
        #expect(
            outcome.problems.map(\.pointer.description) == [
                "/servers/1", "/paths/~1categories/get/responses", "/paths/~1products/post/responses",
                "/paths/~1products/post/callbacks", "/paths/~1products~1{productId}/get/parameters/3",
                "/paths/~1products~1{productId}/get/responses",
                // `nullable` beside a `$ref`, which OpenAPI 3.0 ignores: applied, with a warning.
                "/components/schemas/Product/properties/category/$ref", "/components/schemas/Product/xml",
            ])
        #expect(outcome.problems.allSatisfy { $0.severity == .warning && $0.position != nil })
    }

    @Test("3.0 schemas become 2020-12: nullable, exclusive bounds, example, x- dropped, refs rewritten")
    func schemaDialect() throws {
        let contract = try convertFixture("catalog-3.0.json").contract
        let product = try #require(contract["schemas"]?["Product"])
        let properties = try #require(product["properties"])
        #expect(properties["discount"]?["type"] == ["number", "null"])
        #expect(properties["discount"]?["exclusiveMinimum"] == 0)
        #expect(properties["discount"]?["exclusiveMaximum"] == 1)
        #expect(properties["discount"]?["minimum"] == nil)
        #expect(properties["discount"]?["nullable"] == nil)
        #expect(properties["price"]?["exclusiveMinimum"] == 0)
        #expect(properties["price"]?["maximum"] == 10000)
        #expect(properties["price"]?["exclusiveMaximum"] == nil)
        #expect(properties["category"] == ["anyOf": [["$ref": "#/schemas/Category"], ["type": "null"]]])
        #expect(properties["x-internal-code"] == ["type": "string"])
        // x- extensions are someone else's data: not carried into the contract.
        #expect(product["x-owner"] == nil)
        #expect(product["xml"] == nil)
        let category = try #require(contract["schemas"]?["Category"])
        #expect(category["properties"]?["children"]?["items"] == ["$ref": "#/schemas/Category"])
        #expect(category["properties"]?["name"]?["examples"] == ["Kitchen"])
        #expect(contract["schemas"]?["NewProduct"]?["properties"]?["tags"]?["type"] == ["array", "null"])
    }

    @Test("responses keep 2XX and default, headers, content types and examples")
    func responses() throws {
        let contract = try #require(readFixture("catalog-3.0.json").contract)
        let category = try #require(contract.endpoint("getCategory"))
        #expect(category.responses.map(\.status) == [.range(2), .default])
        #expect(category.responses[0].example?["name"] == "Knives")
        let list = try #require(contract.endpoint("listCategories"))
        let headers = list.responses[0].headers
        #expect(headers.map(\.name) == ["X-Total-Count", "X-Cache"])
        #expect(headers.map(\.isRequired) == [true, false])
        let product = try #require(contract.endpoint("getProduct"))
        #expect(product.parameters.map(\.name) == ["productId", "fields", "X-Request-Id"])
        #expect(product.parameters.map(\.isRequired) == [true, false, true])
        let create = try #require(contract.endpoint("createProduct"))
        #expect(create.request?.contentType == "application/json")
        #expect(create.request?.isRequired == true)
        #expect(create.responses.map(\.status) == [.code(201), .code(400)])
    }

    @Test("links become captures on the source example and {{variables}} in the target example")
    func links() throws {
        let contract = try #require(readFixture("catalog-3.0.json").contract)
        let list = try #require(contract.endpoint("listCategories")?.examples.first)
        #expect(list.captures.map(\.variable) == ["CategoryDetail_categoryId"])
        #expect(list.captures.first?.source == .body(try #require(JSONPointer("/0/id"))))
        let category = try #require(contract.endpoint("getCategory")?.examples.first)
        #expect(category.pathParameters.first?.value == "{{CategoryDetail_categoryId}}")
        #expect(category.expectedStatus == nil, "a 2XX range expects no single status")
        let create = try #require(contract.endpoint("createProduct")?.examples.first)
        #expect(create.name == "a chef's knife")
        #expect(
            create.expectedStatus == nil, "an example built from the description accepts any declared status")
        #expect(create.captures.map(\.variable) == ["ProductDetail_productId"])
        let product = try #require(contract.endpoint("getProduct")?.examples.first)
        #expect(product.pathParameters.first?.value == "{{ProductDetail_productId}}")
        #expect(product.query.first?.value == "name,price")
        #expect(product.headers.first?.value == "3f0e2c1a-8d7b-4c1e-9a51-1b2c3d4e5f60")
    }

    @Test("the 3.0 catalog replays clean against its own mock, captures first")
    func catalogReplays() async throws {
        var contract = try #require(readFixture("catalog-3.0.json").contract)
        // Its operations are secured: the mock lets in the credential the contract gives.
        #expect(contract.auth?.setCredential("catalog-key", forScheme: "apiKey") == true)
        let result = try await replayAgainstMock(contract)
        #expect(result.cases.count == 4)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
        let order = result.cases.map(\.endpointID)
        let list = try #require(order.firstIndex(of: "listCategories"))
        let detail = try #require(order.firstIndex(of: "getCategory"))
        let create = try #require(order.firstIndex(of: "createProduct"))
        let product = try #require(order.firstIndex(of: "getProduct"))
        #expect(list < detail && create < product)
        let detailCase = try #require(result.cases.first { $0.endpointID == "getCategory" })
        #expect(detailCase.request?.url.hasSuffix("/categories/1") == true)
        let productCase = try #require(result.cases.first { $0.endpointID == "getProduct" })
        #expect(
            productCase.request?.url.hasSuffix("/products/42?fields=name,price") == true,
            "\(productCase.request?.url ?? "")")
    }

    @Test("the Restaurant API in OpenAPI 3.1 lints clean and replays clean against its mock")
    func restaurantReplays() async throws {
        let outcome = readFixture("restaurant-3.1.json")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        #expect(
            contract.endpoints.map(\.id) == [
                "listCategories", "listMenu", "getMenuItem", "getImage", "placeOrder",
            ])
        #expect(contract.endpoints.allSatisfy { $0.examples.count == 1 })
        let result = try await replayAgainstMock(contract)
        #expect(result.cases.count == 5)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
        let order = result.cases.map(\.endpointID)
        let menu = try #require(order.firstIndex(of: "listMenu"))
        let item = try #require(order.firstIndex(of: "getMenuItem"))
        #expect(menu < item)
        let image = try #require(result.cases.first { $0.endpointID == "getImage" })
        #expect(image.request?.url.hasSuffix("/images/1.png") == true)
        let itemCase = try #require(result.cases.first { $0.endpointID == "getMenuItem" })
        #expect(itemCase.request?.url.hasSuffix("/menu/1") == true)
    }

    @Test("a link's constant requestBody and same-document operationRef are followed")
    func constantLink() throws {
        let contract = try #require(readFixture("restaurant-3.1.json").contract)
        let order = try #require(contract.endpoint("placeOrder")?.examples.first)
        #expect(order.body == ["menuIds": [1]])
        #expect(order.name == "example")
        #expect(contract.endpoint("getImage")?.responses.first?.contentTypes == ["image/png", "image/jpeg"])
    }

    @Test("readOnly properties are not required in requests, writeOnly ones not in responses")
    func accessModes() async throws {
        let text = """
            {
              "openapi": "3.0.3",
              "info": {"title": "Pets", "version": "1"},
              "paths": {
                "/pets": {
                  "post": {
                    "operationId": "addPet",
                    "requestBody": {"required": true, "content": {"application/json": {
                      "schema": {"$ref": "#/components/schemas/Pet"},
                      "example": {"name": "Rex", "password": "s3cret", "owner": {"name": "Ann"}}}}},
                    "responses": {"201": {"description": "Added.", "content": {"application/json": {
                      "schema": {"$ref": "#/components/schemas/Pet"},
                      "example": {"id": 7, "name": "Rex", "owner": {"id": 1, "name": "Ann"}}}}},
                      "400": {"description": "Invalid."}}
                  }
                }
              },
              "components": {
                "schemas": {
                  "Pet": {
                    "type": "object",
                    "required": ["id", "name", "password"],
                    "properties": {
                      "id": {"type": "integer", "readOnly": true},
                      "name": {"type": "string"},
                      "password": {"type": "string", "writeOnly": true},
                      "owner": {"$ref": "#/components/schemas/Owner"}
                    }
                  },
                  "Owner": {
                    "type": "object",
                    "required": ["id", "name"],
                    "properties": {"id": {"type": "integer", "readOnly": true}, "name": {"type": "string"}}
                  }
                }
              }
            }
            """
        let outcome = ContractLoader.read(bytes: Array(text.utf8), file: "pets.json")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        let schemas = try #require(contract.document["schemas"])
        #expect(
            schemas.objectValue?.keys == ["Pet", "Owner", "Pet.request", "Owner.request", "Pet.response"])
        #expect(schemas["Pet.request"]?["required"] == ["name", "password"])
        #expect(schemas["Pet.request"]?["properties"]?["owner"] == ["$ref": "#/schemas/Owner.request"])
        #expect(schemas["Owner.request"]?["required"] == ["name"])
        #expect(schemas["Pet.response"]?["required"] == ["id", "name"])
        #expect(schemas["Pet.response"]?["properties"]?["owner"] == ["$ref": "#/schemas/Owner"])
        let endpoint = try #require(contract.endpoint("addPet"))
        #expect(
            endpoint.request?.schemaPointer.flatMap(contract.schema(at:)) == ["$ref": "#/schemas/Pet.request"]
        )
        #expect(
            endpoint.responses.first?.schemaPointer.flatMap(contract.schema(at:)) == [
                "$ref": "#/schemas/Pet.response"
            ])
        let result = try await replayAgainstMock(contract)
        #expect(result.cases.count == 1)
        #expect(result.isSuccessful, "\(result.cases.filter { $0.outcome != .passed })")
    }
}
