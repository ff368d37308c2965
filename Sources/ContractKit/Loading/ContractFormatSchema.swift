import JSONSchema

/// The JSON Schema of the contract format, so editors can check a contract as it is typed and the
/// loader can report shape errors the decoder has no dedicated message for.
///
/// `text` is `docs/contract-format.schema.json`, byte for byte (a test keeps the two identical).
enum ContractFormatSchema {
    /// The compiled schema, built once; nil only if the embedded text were broken, which the tests rule out.
    static let compiled: Schema? = {
        guard let document = try? JSONParser.parse(text) else { return nil }
        return try? Schema(document, baseURI: "urn:conform:contract-format:1")
    }()

    /// The format's published id (the schema's `$id`), one of the `$schema` values a contract may carry.
    static let id = "urn:conform:contract-format:1"

    /// Whether `value`, a contract's `$schema`, names this format: its id, or a path or URL whose
    /// last component is `contract-format.schema.json` (`../docs/contract-format.schema.json`, a raw
    /// file URL), which is what editors need to validate and complete a contract as it is typed.
    static func isFormatReference(_ value: String) -> Bool {
        if value == id { return true }
        let withoutFragment = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            .first
        return withoutFragment.map { $0.hasSuffix("contract-format.schema.json") } ?? false
    }

    /// The contract document as schemas inside it resolve: without the root `$schema`.
    ///
    /// The root of a contract is not a JSON Schema, but it is the resource every `#/schemas/...`
    /// reference resolves against, so a root `$schema` naming the contract format would be read as
    /// the meta-schema of every schema in the contract (and rejected as unknown). The key is for
    /// editors only, so the loader drops it once it has been checked.
    static func removingDeclaration(from document: JSONValue) -> JSONValue {
        guard case .object(var object) = document, object["$schema"] != nil else { return document }
        object["$schema"] = nil
        return .object(object)
    }

    /// A warning when the contract's `$schema` names something other than this format.
    static func declarationProblems(in document: JSONValue) -> [ContractProblem] {
        guard let declared = document["$schema"]?.stringValue, !isFormatReference(declared) else { return [] }
        return [
            ContractProblem(
                "\"$schema\" is \"\(declared)\", which is not the contract format; use \"\(id)\" or a path to docs/contract-format.schema.json",
                at: JSONPointer(tokens: ["$schema"]), severity: .warning)
        ]
    }

    /// The schema's text, identical to `docs/contract-format.schema.json`.
    static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "urn:conform:contract-format:1",
          "title": "Conform contract, format version 1",
          "description": "The shape of a Conform contract file, as ContractDecoder reads it. Keys starting with x- are extensions and are ignored wherever an object has a fixed set of keys.",
          "$comment": "Schemas inside a contract (schemas/*, and the schema of parameters, requests, responses and headers) are typed as {\"type\": [\"object\", \"boolean\"]}, not as a $ref to the 2020-12 meta-schema. The embedded meta-schemas would resolve offline, but the contract linter already validates every such schema against the meta-schema and compiles it, with messages and positions inside the schema; referencing it here would report each of those errors a second time.",
          "type": "object",
          "required": ["conform", "name", "version", "endpoints"],
          "properties": {
            "$schema": {
              "type": "string",
              "description": "For editors: \"urn:conform:contract-format:1\" or a path to docs/contract-format.schema.json. Conform checks it and otherwise ignores it."
            },
            "conform": { "const": 1, "description": "The contract format version." },
            "name": { "type": "string" },
            "version": { "type": "string", "description": "The version of the API the contract describes." },
            "description": { "type": "string" },
            "baseURL": { "type": "string", "pattern": "^https?://" },
            "latencyBudgetMs": { "$ref": "#/$defs/latencyBudget" },
            "assertFormats": { "type": "boolean", "default": false },
            "checks": { "$ref": "#/$defs/checks" },
            "schemas": {
              "type": "object",
              "additionalProperties": { "$ref": "#/$defs/schema" }
            },
            "endpoints": {
              "type": "array",
              "items": { "$ref": "#/$defs/endpoint" }
            },
            "auth": { "$ref": "#/$defs/auth" }
          },
          "patternProperties": { "^x-": true },
          "additionalProperties": false,
          "$defs": {
            "schema": {
              "$comment": "A JSON Schema 2020-12; the linter checks it against the meta-schema.",
              "type": ["object", "boolean"]
            },
            "latencyBudget": {
              "type": "integer",
              "exclusiveMinimum": 0,
              "description": "Milliseconds a response may take before max_response_time reports it."
            },
            "pointer": {
              "type": "string",
              "pattern": "^(/([^~]|~[01])*)?$",
              "description": "A JSON pointer (RFC 6901)."
            },
            "mediaType": {
              "type": "string",
              "pattern": "^[ \\t]*[-!#$%&'*+.^_`|~0-9A-Za-z]+/[-!#$%&'*+.^_`|~0-9A-Za-z]+[ \\t]*(;.*)?$"
            },
            "checks": {
              "type": "object",
              "properties": {
                "request_conformance": { "$ref": "#/$defs/checkSetting" },
                "request_schema_conformance": { "$ref": "#/$defs/checkSetting" },
                "request_size": { "$ref": "#/$defs/checkSetting" },
                "not_a_server_error": { "$ref": "#/$defs/checkSetting" },
                "status_code_conformance": { "$ref": "#/$defs/checkSetting" },
                "content_type_conformance": { "$ref": "#/$defs/checkSetting" },
                "response_headers_conformance": { "$ref": "#/$defs/checkSetting" },
                "response_schema_conformance": { "$ref": "#/$defs/checkSetting" },
                "duplicate_keys": { "$ref": "#/$defs/checkSetting" },
                "assertions": { "$ref": "#/$defs/checkSetting" },
                "max_response_time": { "$ref": "#/$defs/checkSetting" },
                "positive_data_acceptance": { "$ref": "#/$defs/checkSetting" },
                "negative_data_rejection": { "$ref": "#/$defs/checkSetting" },
                "missing_required_header": { "$ref": "#/$defs/checkSetting" },
                "unsupported_method": { "$ref": "#/$defs/checkSetting" },
                "response_size": { "$ref": "#/$defs/checkSetting" },
                "use_after_free": { "$ref": "#/$defs/checkSetting" },
                "ensure_resource_availability": { "$ref": "#/$defs/checkSetting" },
                "ignored_auth": { "$ref": "#/$defs/checkSetting" },
                "referenced_resource_availability": { "$ref": "#/$defs/checkSetting" },
                "stored_as_sent": { "$ref": "#/$defs/checkSetting" },
                "update_reads_back": { "$ref": "#/$defs/checkSetting" },
                "limit_respected": { "$ref": "#/$defs/checkSetting" },
                "object_level_authorization": { "$ref": "#/$defs/checkSetting" }
              },
              "additionalProperties": false
            },
            "checkSetting": {
              "type": ["boolean", "object"],
              "properties": {
                "enabled": { "type": "boolean", "default": true },
                "acceptedStatuses": {
                  "type": "array",
                  "items": { "type": "integer", "minimum": 100, "maximum": 599 }
                }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "endpoint": {
              "type": "object",
              "required": ["id", "method", "path", "responses"],
              "properties": {
                "id": { "type": "string" },
                "method": {
                  "type": "string",
                  "$comment": "GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS, in any case.",
                  "pattern": "^([Gg][Ee][Tt]|[Hh][Ee][Aa][Dd]|[Pp][Oo][Ss][Tt]|[Pp][Uu][Tt]|[Pp][Aa][Tt][Cc][Hh]|[Dd][Ee][Ll][Ee][Tt][Ee]|[Oo][Pp][Tt][Ii][Oo][Nn][Ss])$"
                },
                "path": { "type": "string", "pattern": "^/" },
                "summary": { "type": "string" },
                "description": { "type": "string" },
                "tags": { "type": "array", "items": { "type": "string" } },
                "parameters": { "$ref": "#/$defs/parameters" },
                "request": { "$ref": "#/$defs/request" },
                "responses": { "$ref": "#/$defs/responses" },
                "latencyBudgetMs": { "$ref": "#/$defs/latencyBudget" },
                "checks": { "$ref": "#/$defs/checks" },
                "examples": { "type": "array", "items": { "$ref": "#/$defs/example" } },
                "security": {
                  "$ref": "#/$defs/security",
                  "description": "The schemes of auth/schemes this endpoint uses instead of auth/security; [] for a public endpoint."
                }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "security": {
              "description": "Scheme names presented together, or alternatives (any one lets a call through), each a list of names; [] or an empty alternative allows calls without credentials.",
              "anyOf": [
                { "type": "array", "items": { "type": "string" } },
                { "type": "array", "items": { "type": "array", "items": { "type": "string" } } }
              ]
            },
            "auth": {
              "type": "object",
              "description": "How the API authenticates. Credentials are usually {{env.NAME}} templates, or given with --auth scheme=value.",
              "required": ["schemes"],
              "properties": {
                "description": { "type": "string" },
                "schemes": {
                  "type": "object",
                  "additionalProperties": { "$ref": "#/$defs/authScheme" }
                },
                "security": {
                  "$ref": "#/$defs/security",
                  "description": "The schemes every endpoint uses unless it names its own (default: all of them)."
                },
                "unauthenticatedStatuses": {
                  "type": "array",
                  "items": { "type": "integer", "minimum": 400, "maximum": 499 },
                  "description": "What a secured endpoint called without credentials may answer (default [401, 403])."
                }
              },
              "additionalProperties": false
            },
            "authScheme": {
              "type": "object",
              "required": ["type"],
              "properties": {
                "type": { "enum": ["bearer", "basic", "apiKey", "unsupported"] },
                "scheme": { "type": "string", "description": "unsupported: what the scheme is (mutualTLS, HTTP digest …), for messages." },
                "description": { "type": "string" },
                "token": { "type": "string", "description": "bearer: the token, e.g. {{env.API_TOKEN}}." },
                "username": { "type": "string", "description": "basic: the user name." },
                "password": { "type": "string", "description": "basic: the password." },
                "in": { "enum": ["header", "query", "cookie"], "description": "apiKey: where the key goes." },
                "name": { "type": "string", "description": "apiKey: the header, query parameter or cookie name." },
                "value": { "type": "string", "description": "apiKey: the key." }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false,
              "if": { "properties": { "type": { "const": "apiKey" } } },
              "then": { "required": ["in", "name"] }
            },
            "parameters": {
              "type": "object",
              "properties": {
                "path": {
                  "type": "object",
                  "additionalProperties": {
                    "$ref": "#/$defs/parameter",
                    "properties": { "required": { "const": true } }
                  }
                },
                "query": { "type": "object", "additionalProperties": { "$ref": "#/$defs/parameter" } },
                "header": { "type": "object", "additionalProperties": { "$ref": "#/$defs/parameter" } }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "parameter": {
              "type": "object",
              "properties": {
                "required": { "type": "boolean", "$comment": "Defaults to true for path parameters, false otherwise." },
                "schema": { "$ref": "#/$defs/schema" },
                "description": { "type": "string" },
                "filters": {
                  "type": "string",
                  "pattern": "^(/([^~]|~[01])*)?$",
                  "description": "A pointer into the response body, * for every element, whose values must equal the parameter."
                },
                "limits": {
                  "type": "string",
                  "pattern": "^(/([^~]|~[01])*)?$",
                  "description": "A pointer to the array of the response body whose length the parameter bounds ('' for a bare array): the mock truncates it, and fuzzing's limit_respected holds a server to it."
                },
                "style": {
                  "enum": ["form", "spaceDelimited", "pipeDelimited", "deepObject", "simple", "label", "matrix"],
                  "description": "How the value is written, as OpenAPI's style: form (default), spaceDelimited, pipeDelimited or deepObject in the query; simple (default), label or matrix in the path; simple in a header."
                },
                "explode": {
                  "type": "boolean",
                  "description": "Whether arrays and objects spread over several pairs (ids=1&ids=2) rather than one (ids=1,2, the default)."
                },
                "allowReserved": { "type": "boolean", "description": "Whether reserved characters go into the query unencoded." }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "request": {
              "type": "object",
              "properties": {
                "contentType": { "$ref": "#/$defs/mediaType", "default": "application/json" },
                "schema": { "$ref": "#/$defs/schema" },
                "required": { "type": "boolean", "default": true },
                "description": { "type": "string" }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "responses": {
              "type": "object",
              "minProperties": 1,
              "patternProperties": {
                "^[1-5][0-9][0-9]$": { "$ref": "#/$defs/response" },
                "^[1-5][Xx][Xx]$": { "$ref": "#/$defs/response" },
                "^default$": { "$ref": "#/$defs/response" }
              },
              "additionalProperties": false
            },
            "response": {
              "type": "object",
              "properties": {
                "description": { "type": "string" },
                "contentType": {
                  "if": { "type": "array" },
                  "then": { "minItems": 1, "items": { "$ref": "#/$defs/mediaType" } },
                  "else": { "$ref": "#/$defs/mediaType" }
                },
                "headers": { "type": "object", "additionalProperties": { "$ref": "#/$defs/header" } },
                "schema": { "$ref": "#/$defs/schema" },
                "example": { "description": "The body the mock answers with; {{baseURL}} becomes the mock's URL." }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "header": {
              "type": "object",
              "properties": {
                "required": { "type": "boolean", "default": true },
                "schema": { "$ref": "#/$defs/schema" },
                "description": { "type": "string" }
              },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "example": {
              "type": "object",
              "required": ["name"],
              "properties": {
                "name": { "type": "string" },
                "description": { "type": "string" },
                "pathParameters": { "type": "object" },
                "query": { "type": "object" },
                "headers": { "type": "object", "additionalProperties": { "type": "string" } },
                "body": {},
                "rawBody": { "type": "string" },
                "contentType": { "type": "string" },
                "expect": {
                  "type": "object",
                  "properties": { "status": { "type": "integer", "minimum": 100, "maximum": 599 } },
                  "patternProperties": { "^x-": true },
                  "additionalProperties": false
                },
                "capture": { "type": "object", "additionalProperties": { "$ref": "#/$defs/capture" } },
                "assert": { "type": "array", "items": { "$ref": "#/$defs/assertion" } }
              },
              "not": { "required": ["body", "rawBody"] },
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            },
            "capture": {
              "if": { "type": "string" },
              "then": { "$ref": "#/$defs/pointer" },
              "else": {
                "type": "object",
                "properties": {
                  "pointer": { "$ref": "#/$defs/pointer" },
                  "header": { "type": "string" },
                  "regex": { "type": "string" }
                },
                "oneOf": [{ "required": ["pointer"] }, { "required": ["header"] }],
                "patternProperties": { "^x-": true },
                "additionalProperties": false
              }
            },
            "assertion": {
              "type": "object",
              "required": ["path"],
              "properties": {
                "path": { "$ref": "#/$defs/pointer" },
                "equals": {},
                "notEmpty": { "const": true },
                "unique": { "const": true },
                "in": {
                  "if": { "type": "string" },
                  "then": { "pattern": "\\{\\{" },
                  "else": { "type": "array" }
                },
                "matches": { "type": "string" },
                "exists": { "type": "boolean" }
              },
              "oneOf": [
                { "required": ["equals"] },
                { "required": ["notEmpty"] },
                { "required": ["unique"] },
                { "required": ["in"] },
                { "required": ["matches"] },
                { "required": ["exists"] }
              ],
              "patternProperties": { "^x-": true },
              "additionalProperties": false
            }
          }
        }

        """#
}
