import ContractKit
import Foundation
import JSONSchema
import Testing

/// Parses `text` as an OpenAPI document and reads it through the loader.
private func read(_ text: String, strict: Bool = false) -> ContractLoader.Outcome {
    ContractLoader.read(bytes: Array(text.utf8), file: "inline.json", strict: strict)
}

@Suite("What cannot be mapped is reported with its pointer")
struct OpenAPIWarningTests {
    @Test("callbacks, XML, forms, cookies, webhooks, external refs, TRACE and request expressions")
    func unmappedParts() throws {
        let outcome = readFixture("unmapped-3.1.json")
        // External references are followed now: the local file is missing and the remote one is
        // never fetched, each an error at its $ref; the converter still says what it skipped.
        let errors = outcome.problems.filter { $0.severity == .error }
        #expect(
            errors.map(\.pointer.displayText) == [
                "/paths/~1files/post/parameters/1/$ref",
                "/paths/~1files/post/responses/200/content/application~1json/schema/properties/owner/$ref",
            ], "\(errors)")
        #expect(errors.first?.message.contains("shared.json") == true)
        #expect(
            errors.last?.message.contains(
                "remote $ref \"https://example.com/schemas/user.json\" is not fetched") == true)
        let expected: [(String, String)] = [
            ("/servers/0/url", "is not an absolute http(s) URL"),
            ("/paths/~1files/post/parameters/0", "cookie parameter \"session\""),
            (
                "/paths/~1files/post/parameters/1/$ref",
                "external $ref \"shared.json#/components/parameters/Trace\""
            ),
            ("/paths/~1files/post/requestBody/content/multipart~1form-data", "is not JSON"),
            ("/paths/~1files/post/requestBody/content/multipart~1form-data/encoding", "\"encoding\""),
            (
                "/paths/~1files/post/responses/200/content/application~1json/schema/properties/owner/$ref",
                "external $ref \"https://example.com/schemas/user.json\""
            ),
            ("/paths/~1files/post/responses/200/content/application~1json/schema/xml", "XML object"),
            ("/paths/~1files/post/responses/200/links/Echo", "passes no value"),
            ("/paths/~1files/post/responses/200/links/Echo/parameters/name", "\"$request.query.name\""),
            ("/paths/~1files/post/callbacks", "callbacks are not mapped"),
            ("/paths/~1files/trace", "TRACE"),
            ("/webhooks", "webhooks are not mapped"),
            ("/paths/~1files/post/responses", "declares no 4xx or \"default\" response"),
            ("/paths/~1files~1{name}/get/responses", "declares no 4xx or \"default\" response"),
            ("/paths/~1files/post/responses", "declares security but no 401"),
            ("/paths/~1files~1{name}/get/responses", "declares security but no 401"),
        ]
        let warnings = outcome.problems.filter { $0.severity == .warning }
        #expect(warnings.count == expected.count, "\(warnings.map(\.description).joined(separator: "\n"))")
        for (pointer, fragment) in expected {
            #expect(
                warnings.contains { $0.pointer.description == pointer && $0.message.contains(fragment) },
                "no warning at \(pointer) saying \(fragment)")
        }
        let contract = try #require(outcome.contract)
        #expect(contract.baseURL == nil)
        #expect(contract.endpoint("uploadFile")?.request?.contentType == "multipart/form-data")
        #expect(contract.endpoint("uploadFile")?.parameters.isEmpty == true)
    }

    @Test("only OpenAPI 3.0.x and 3.1.x are read")
    func versions() {
        let old = read(#"{"openapi": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#)
        #expect(old.contract == nil)
        #expect(old.problems.first?.message.contains("unsupported OpenAPI version \"2.0\"") == true)
        #expect(old.problems.first?.pointer == JSONPointer(tokens: ["openapi"]))
        #expect(old.problems.first?.position?.line == 1)
        let number = read(#"{"openapi": 3.1}"#)
        #expect(number.problems.first?.message.contains("version string") == true)
        let empty = read(#"{"openapi": "3.1.0", "info": {"title": "Empty", "version": "1"}}"#)
        // A description with no operations tests nothing: lint warns, run, fuzz and mock refuse it.
        #expect(!empty.hasErrors)
        #expect(empty.testsNothing)
        #expect(empty.emptiness?.message.contains("no operations") == true)
    }

    @Test("a problem of the converted contract points into the OpenAPI document")
    func problemsPointIntoOpenAPI() throws {
        let text = """
            {
              "openapi": "3.0.3",
              "info": {"title": "Broken", "version": "1"},
              "paths": {
                "/things": {
                  "get": {
                    "responses": {
                      "200": {
                        "description": "Things.",
                        "content": {
                          "application/json": {
                            "schema": {"type": "object", "properties": {"count": {"type": "integer"}}},
                            "example": {"count": "three"}
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            """
        let outcome = read(text, strict: true)
        let error = try #require(outcome.problems.first { $0.severity == .error })
        #expect(error.message.contains("response example does not match its schema"))
        #expect(
            error.pointer.description
                == "/paths/~1things/get/responses/200/content/application~1json/example/count")
        #expect(error.position?.line == 13)
        // Without --strict, an example of a description we did not write is a warning at the same
        // place, and the mock does not serve it.
        let lenient = read(text)
        #expect(!lenient.hasErrors)
        let warning = try #require(
            lenient.problems.first { $0.message.contains("response example does not match its schema") })
        #expect(warning.severity == .warning)
        #expect(warning.pointer == error.pointer)
        #expect(warning.position?.line == 13)
        #expect(lenient.contract?.endpoints.first?.responses.first?.example == nil)
    }

    @Test("generated ids are unique; links that cycle, point at themselves or sit on other responses warn")
    func idsAndLinks() throws {
        let text = """
            {
              "openapi": "3.1.0",
              "info": {"title": "Links", "version": "1"},
              "paths": {
                "/a/{id}": {
                  "get": {
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "x"}],
                    "responses": {
                      "200": {"description": "A.", "content": {"application/json": {"schema": {"type": "object"}, "example": {"id": "y"}}},
                        "links": {
                          "ToB": {"operationId": "get_a_id", "parameters": {"id": "$response.body#/id"}},
                          "Self": {"operationRef": "#/paths/~1a~1{id}/get", "parameters": {"id": "$response.body#/id"}}
                        }},
                      "404": {"description": "None.", "links": {"Lost": {"operationId": "get_a_id", "parameters": {"id": "$response.body#/id"}}}}
                    }
                  }
                },
                "/b/{id}": {
                  "get": {
                    "operationId": "get_a_id",
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {
                      "200": {"description": "B.", "content": {"application/json": {"schema": {"type": "object"}, "example": {"id": "z"}}},
                        "links": {"Back": {"operationRef": "#/paths/~1a~1{id}/get", "parameters": {"id": "prefix-{$response.body#/id}"}}}}
                    }
                  }
                },
                "/c_d": {"get": {"responses": {"204": {"description": "C."}}}},
                "/c-d": {"get": {"responses": {"204": {"description": "C again."}}}}
              }
            }
            """
        let outcome = read(text)
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        #expect(contract.endpoints.map(\.id) == ["get_a_id_operation", "get_a_id", "get_c_d", "get_c_d_2"])
        let messages = outcome.problems.map { "\($0.pointer): \($0.message)" }
        #expect(
            messages.contains { $0.contains("links/Self") && $0.contains("points back at its own operation") }
        )
        #expect(messages.contains { $0.contains("links/Lost") && $0.contains("is on response 404") })
        #expect(messages.contains { $0.contains("links/Back") && $0.contains("wait for each other") })
        #expect(contract.endpoint("get_a_id")?.examples.first?.pathParameters.first?.value == "{{ToB_id}}")
        #expect(contract.endpoint("get_a_id_operation")?.examples.first?.pathParameters.first?.value == "x")
    }

    @Test("embedded expressions, header captures and references to non-schema components")
    func expressionsAndInlining() throws {
        let text = """
            {
              "openapi": "3.0.3",
              "info": {"title": "Expressions", "version": "1"},
              "paths": {
                "/jobs": {
                  "post": {
                    "operationId": "startJob",
                    "responses": {
                      "202": {"description": "Started.", "headers": {"Location": {"schema": {"type": "string"}, "required": true}},
                        "links": {"Status": {"operationId": "jobStatus", "parameters": {"id": "$response.header.Location", "trace": "job-{$response.body#/id}"}}}}
                    }
                  }
                },
                "/jobs/{id}": {
                  "get": {
                    "operationId": "jobStatus",
                    "parameters": [
                      {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                      {"name": "trace", "in": "query", "schema": {"$ref": "#/components/parameters/Trace/schema"}},
                      {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}, "example": ["a", "b"]}
                    ],
                    "responses": {"200": {"description": "Status.", "content": {
                      "application/json": {"schema": {"type": "object"}},
                      "application/problem+json": {"schema": {"type": "object", "required": ["title"]}}
                    }}}
                  }
                }
              },
              "components": {
                "parameters": {"Trace": {"name": "trace", "in": "query", "schema": {"type": "string", "nullable": true}}}
              }
            }
            """
        let outcome = read(text)
        #expect(!outcome.hasErrors, "\(outcome.problems)")
        let contract = try #require(outcome.contract)
        let start = try #require(contract.endpoint("startJob")?.examples.first)
        #expect(start.captures.map(\.variable) == ["Status_id", "Status_trace"])
        #expect(start.captures.first?.source == .header("Location"))
        let status = try #require(contract.endpoint("jobStatus"))
        #expect(status.examples.first?.query.first?.value == "job-{{Status_trace}}")
        #expect(status.examples.first?.query.last?.value == ["a", "b"])
        // OpenAPI's default for a query array is form, exploded: ?tags=a&tags=b, with no warning.
        let tags = try #require(status.parameters.first { $0.name == "tags" })
        #expect(tags.style == .form && tags.explode)
        #expect(
            !outcome.problems.contains { $0.pointer.description == "/paths/~1jobs~1{id}/get/parameters/2" })
        #expect(status.responses.first?.contentTypes == ["application/json", "application/problem+json"])
        #expect(
            outcome.problems.contains {
                $0.pointer.description.hasSuffix("content/application~1problem+json/schema")
                    && $0.message.contains("only the schema of application/json is checked")
            })
        let schema = try #require(
            status.parameters.first { $0.name == "trace" }?.schemaPointer.flatMap(contract.schema(at:)))
        #expect(schema == ["type": ["string", "null"]])
    }
}
