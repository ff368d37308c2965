import JSONSchema

extension YearOfChangesFixture {
    /// The schemas of one resource family: its response, which embeds the core schemas several
    /// times, and its create and update requests.
    static func familySchemas(_ family: Int, revised: Bool) -> JSONObject {
        let name = "Widget\(family)"
        var response: [(String, JSONValue)] = [
            ("id", ref("SnowflakeType")), ("name", text), ("description", optionalText),
            ("creator", ref("UserResponse")), ("last_message", nullable("MessageResponse")),
            ("members", arrayOf(ref("GuildMemberResponse"))), ("position", int32),
            ("created_at", timestamp), ("nsfw", flag),
            ("limits", limits(folded: revised && family % 4 == 0)),
        ]
        var required = ["id", "name", "creator", "position", "created_at"]
        if revised && family == 5 {
            response.removeAll { $0.0 == "position" }
            required.removeAll { $0 == "position" }
        }
        if revised && family % 3 == 0 { response.append(("rating_count", int32)) }
        var maxUses = JSONObject([("type", "integer"), ("minimum", 0), ("maximum", 100)])
        if revised { maxUses["format"] = "int32" }
        var nsfw = JSONObject([("type", "boolean")])
        if !revised { nsfw["enum"] = [true, false] }
        let rateLimit: JSONValue =
            revised
            ? ["allOf": [ref("RateLimitRequest"), ["type": "object", "properties": ["burst": int32]]]]
            : ref("RateLimitRequest")
        var schemas = JSONObject()
        schemas[name + "Response"] = object(response, required: required)
        schemas[name + "CreateRequest"] = object(
            [
                ("name", ["type": "string", "minLength": 1, "maxLength": revised && family == 3 ? 80 : 100]),
                ("description", ["type": ["string", "null"], "maxLength": 1024]),
                ("max_uses", .object(maxUses)),
                ("nsfw", .object(nsfw)),
                ("tags", ["type": "array", "items": ref("SnowflakeType"), "maxItems": 5]),
                ("rate_limit", rateLimit),
            ], required: ["name"])
        schemas[name + "UpdateRequest"] = object(
            [
                ("name", ["type": ["string", "null"], "minLength": 1, "maxLength": 100]),
                ("description", ["type": ["string", "null"], "maxLength": 1024]),
                ("nsfw", ["type": ["boolean", "null"]]),
                ("position", ["type": ["integer", "null"], "minimum": 0, "maximum": 1000]),
            ], required: [])
        if family == 0 {
            schemas["RateLimitRequest"] = object(
                [("per_user", ["type": "integer", "minimum": 0, "maximum": 21600])], required: [])
            schemas["ErrorResponse"] = object(
                [
                    ("code", int32), ("message", text),
                    ("errors", ["type": "object", "additionalProperties": true]),
                ], required: ["code", "message"])
        }
        return schemas
    }

    /// Per-key limits: two kinds of maps as alternatives, which the later version of some families
    /// folds into one map whose values take either kind.
    private static func limits(folded: Bool) -> JSONValue {
        if folded {
            return [
                "type": "object",
                "additionalProperties": ["anyOf": [["type": "integer"], ["type": "string"]]],
            ]
        }
        return [
            "anyOf": [
                ["type": "object", "additionalProperties": ["type": "integer"]],
                ["type": "object", "additionalProperties": ["type": "string"]],
            ]
        ]
    }

    /// The five operations of one family: list and create on the collection, read, update and
    /// delete on an item; every response refers to the family's response schema.
    static func familyPaths(_ family: Int, revised: Bool) -> JSONObject {
        let name = "Widget\(family)"
        let collection = "/guilds/{guild_id}/widgets\(family)"
        let guild: JSONValue = [
            "name": "guild_id", "in": "path", "required": true, "schema": ref("SnowflakeType"),
        ]
        let item: JSONValue = [
            "name": "widget_id", "in": "path", "required": true, "schema": ref("SnowflakeType"),
        ]
        var limit = JSONObject([("type", "integer"), ("minimum", 1), ("maximum", 100)])
        if revised { limit["format"] = "int32" }
        let counts: JSONValue = revised ? ["type": "boolean"] : ["type": ["boolean", "null"]]
        var listParameters: [JSONValue] = [
            ["name": "limit", "in": "query", "schema": .object(limit)],
            ["name": "with_counts", "in": "query", "schema": counts],
            ["name": "before", "in": "query", "schema": ref("SnowflakeType")],
        ]
        if revised && family == 11 {
            listParameters.append(["name": "region", "in": "query", "required": true, "schema": text])
        }
        func responses(_ schema: JSONValue?) -> JSONValue {
            var object = JSONObject()
            if let schema {
                object["200"] = ["description": "OK", "content": ["application/json": ["schema": schema]]]
            } else {
                object["204"] = ["description": "No content"]
            }
            object["4XX"] = [
                "description": "Client error",
                "content": ["application/json": ["schema": ref("ErrorResponse")]],
            ]
            return .object(object)
        }
        func body(_ schema: String) -> JSONValue {
            ["required": true, "content": ["application/json": ["schema": ref(schema)]]]
        }
        var itemPath = JSONObject([
            ("parameters", [guild, item]),
            ("get", ["operationId": .string("get\(name)"), "responses": responses(ref(name + "Response"))]),
            (
                "patch",
                [
                    "operationId": .string("update\(name)"), "requestBody": body(name + "UpdateRequest"),
                    "responses": responses(ref(name + "Response")),
                ]
            ),
        ])
        if !(revised && family == 7) {
            itemPath["delete"] = ["operationId": .string("delete\(name)"), "responses": responses(nil)]
        }
        var paths = JSONObject()
        paths[collection] = [
            "parameters": [guild],
            "get": [
                "operationId": .string("list\(name)s"), "parameters": .array(listParameters),
                "responses": responses(arrayOf(ref(name + "Response"))),
            ],
            "post": [
                "operationId": .string("create\(name)"), "requestBody": body(name + "CreateRequest"),
                "responses": responses(ref(name + "Response")),
            ],
        ]
        paths[collection + "/{widget_id}"] = .object(itemPath)
        return paths
    }
}
