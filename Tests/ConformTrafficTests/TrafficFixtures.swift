import ConformHTTP
import ContractKit
import Foundation
import JSONSchema

/// A small shop contract with every kind of request rule the traffic checks judge: a secured
/// operation with an API key, a query parameter, a required header, a JSON body and a path value.
enum TrafficFixtures {
    static let contractText = #"""
        {
          "conform": 1, "name": "Shop", "version": "1.0.0",
          "auth": { "schemes": { "key": { "type": "apiKey", "in": "header", "name": "X-Api-Key" } }, "security": ["key"] },
          "schemas": {
            "Item": { "type": "object", "required": ["id", "name"], "additionalProperties": false,
                      "properties": { "id": { "type": "integer", "minimum": 1 }, "name": { "type": "string" } } },
            "NewItem": { "type": "object", "required": ["name"], "additionalProperties": false,
                         "properties": { "name": { "type": "string", "minLength": 1 } } }
          },
          "endpoints": [
            { "id": "listItems", "method": "GET", "path": "/items", "security": [],
              "parameters": { "query": { "limit": { "required": false, "schema": { "type": "integer", "minimum": 1 } } } },
              "responses": { "200": { "schema": { "type": "array", "items": { "$ref": "#/schemas/Item" } } } } },
            { "id": "getItem", "method": "GET", "path": "/items/{itemId}", "security": [],
              "parameters": { "path": { "itemId": { "schema": { "type": "integer", "minimum": 1 } } } },
              "responses": { "200": { "schema": { "$ref": "#/schemas/Item" } }, "404": { "schema": { "type": "object" } } } },
            { "id": "createItem", "method": "POST", "path": "/items",
              "parameters": { "header": { "X-Request-Id": { "required": true, "schema": { "type": "string", "minLength": 8 } } } },
              "request": { "contentType": "application/json", "schema": { "$ref": "#/schemas/NewItem" } },
              "responses": { "201": { "schema": { "$ref": "#/schemas/Item" } }, "400": { "schema": { "type": "object" } },
                             "401": { "schema": { "type": "object" } } } }
          ]
        }
        """#

    static func contract() throws -> Contract {
        try ContractLoader.load(bytes: Array(contractText.utf8))
    }

    /// A request to the shop, with `headers` and a JSON `body` when given.
    static func request(
        _ method: String, _ target: String, headers: HTTPFields = [:], body: String? = nil
    ) -> HTTPRequest {
        var request = HTTPRequest(method: method, url: "http://shop.test" + target, headers: headers)
        if let body {
            request.body = Array(body.utf8)
            if request.headers["Content-Type"] == nil { request.headers["Content-Type"] = "application/json" }
        }
        return request
    }

    /// A correct `POST /items`: key, request id and a valid body.
    static var validCreate: HTTPRequest {
        request(
            "POST", "/items", headers: ["X-Api-Key": "k-123456", "X-Request-Id": "req-00000001"],
            body: #"{"name": "Tea"}"#)
    }

    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }
}
