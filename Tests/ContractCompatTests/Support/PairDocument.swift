import JSONSchema

/// The template description the version pairs fill in: one `POST /pets/{petId}` operation with a
/// path parameter, a request body and a 200 response, whose parts each case replaces through named
/// slots (`request`, `response`, `parameters`, `responses`, `components`, …). Both sides of a pair
/// start from the same template, so only what a case changes differs.
enum PairDocument {
    static func document(_ slots: JSONObject) -> JSONValue {
        let path = slots["path"]?.stringValue ?? "/pets/{petId}"
        var operation = JSONObject([("operationId", "updatePet")])
        operation["parameters"] = .array(parameters(slots, path: path))
        if let body = requestBody(slots) { operation["requestBody"] = body }
        operation["responses"] = slots["responses"] ?? responses(slots)
        if let security = slots["security"] { operation["security"] = security }
        if let deprecated = slots["deprecated"] { operation["deprecated"] = deprecated }
        var paths = JSONObject([(path, .object(JSONObject([("post", .object(operation))])))])
        for member in slots["extraPaths"]?.objectValue?.members ?? [] { paths[member.key] = member.value }
        var components = JSONObject()
        if let schemas = slots["components"] { components["schemas"] = schemas }
        if let schemes = slots["securitySchemes"] { components["securitySchemes"] = schemes }
        var root = JSONObject([
            ("openapi", slots["openapi"] ?? "3.1.0"), ("info", ["title": "Pairs", "version": "1"]),
            ("paths", .object(paths)),
        ])
        if !components.isEmpty { root["components"] = .object(components) }
        return .object(root)
    }

    private static func parameters(_ slots: JSONObject, path: String) -> [JSONValue] {
        let name = path.split(separator: "{").last.map { String($0.prefix { $0 != "}" }) } ?? "petId"
        let pathParameter: JSONValue = [
            "name": .string(name), "in": "path", "required": true,
            "schema": slots["pathSchema"] ?? ["type": "string"],
        ]
        return [pathParameter] + (slots["parameters"]?.arrayValue ?? [])
    }

    private static func requestBody(_ slots: JSONObject) -> JSONValue? {
        if slots["request"] == "none" { return nil }
        let content =
            slots["requestContent"] ?? [
                "application/json": ["schema": slots["request"] ?? ["type": "object"]]
            ]
        return ["required": slots["requestRequired"] ?? true, "content": content]
    }

    private static func responses(_ slots: JSONObject) -> JSONValue {
        var response = JSONObject([("description", "ok")])
        response["content"] =
            slots["responseContent"]
            ?? [
                "application/json": [
                    "schema": slots["response"] ?? [
                        "type": "object", "properties": ["id": ["type": "string"]],
                    ]
                ]
            ]
        if let headers = slots["responseHeaders"] { response["headers"] = headers }
        return ["200": .object(response)]
    }
}
