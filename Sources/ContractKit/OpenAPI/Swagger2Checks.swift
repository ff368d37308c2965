import JSONSchema

/// What a Swagger 2.0 document's author should hear about it by 2.0's own rules: parameters
/// without the `type` 2.0 requires, and OpenAPI 3 keys, which 2.0 does not have and Conform
/// therefore ignores, each with the 2.0 way to say the same.
///
/// The OpenAPI 3 rewrite (``Swagger2Upgrade``) copies only 2.0 keys, so without these warnings an
/// OpenAPI 3 `requestBody` in a 2.0 file would vanish without a word.
struct Swagger2Checks {
    let root: JSONObject

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch"]

    /// OpenAPI 3 keys and what a 2.0 document writes instead, by the kind of object they stand in.
    private static let rootKeys = [
        "openapi": "\"swagger\": \"2.0\"", "servers": "\"host\", \"basePath\" and \"schemes\"",
        "components": "\"definitions\", \"parameters\", \"responses\" and \"securityDefinitions\"",
        "webhooks": "nothing (2.0 has no webhooks)",
        "jsonSchemaDialect": "nothing (2.0 schemas have one dialect)",
    ]
    private static let operationKeys = [
        "requestBody": "an \"in\": \"body\" (or \"formData\") parameter",
        "callbacks": "nothing (2.0 has no callbacks)", "servers": "\"schemes\" on the operation",
    ]
    private static let parameterKeys = [
        "schema": "\"type\" and its keywords on the parameter itself", "content": "\"type\" on the parameter",
        "style": "\"collectionFormat\"", "explode": "\"collectionFormat\": \"multi\"",
        "allowReserved": "nothing", "example": "\"x-example\"", "examples": "\"x-example\"",
    ]
    private static let responseKeys = [
        "content": "\"schema\", with \"produces\" for the media types", "links": "nothing (2.0 has no links)",
    ]

    func warnings() -> [OpenAPIWarning] {
        var warnings = keys(in: root, at: .root, table: Self.rootKeys)
        if case .object(let parameters)? = root["parameters"] {
            for member in parameters.members {
                warnings += parameter(member.value, at: JSONPointer(tokens: ["parameters", member.key]))
            }
        }
        guard case .object(let paths)? = root["paths"] else { return warnings }
        for path in paths.members {
            guard case .object(let item) = path.value else { continue }
            let itemPointer = JSONPointer(tokens: ["paths", path.key])
            warnings += parameters(item["parameters"], at: itemPointer.appending("parameters"))
            for method in Self.methods {
                guard case .object(let operation)? = item[method] else { continue }
                let pointer = itemPointer.appending(method)
                warnings += keys(in: operation, at: pointer, table: Self.operationKeys)
                warnings += parameters(operation["parameters"], at: pointer.appending("parameters"))
                guard case .object(let responses)? = operation["responses"] else { continue }
                for response in responses.members {
                    guard case .object(let object) = response.value else { continue }
                    warnings += keys(
                        in: object, at: pointer.appending("responses").appending(response.key),
                        table: Self.responseKeys)
                }
            }
        }
        return warnings
    }

    private func parameters(_ list: JSONValue?, at pointer: JSONPointer) -> [OpenAPIWarning] {
        guard case .array(let items)? = list else { return [] }
        return items.enumerated().flatMap { index, item in parameter(item, at: pointer.appending(index)) }
    }

    /// A non-body parameter needs `type` in 2.0; without it any value is accepted.
    private func parameter(_ value: JSONValue, at pointer: JSONPointer) -> [OpenAPIWarning] {
        guard case .object(let object) = value, object["$ref"] == nil else { return [] }
        let location = object["in"]?.stringValue
        var table = Self.parameterKeys
        if location == "body" { table["schema"] = nil }
        var warnings = keys(in: object, at: pointer, table: table)
        if location != "body", object["type"] == nil {
            let name = object["name"]?.stringValue ?? "?"
            warnings.append(
                OpenAPIWarning(
                    "parameter \"\(name)\" has no \"type\", which Swagger 2.0 requires of every parameter but a body; any value is accepted, so a tester cannot tell a valid \"\(name)\" from an invalid one",
                    at: pointer))
        }
        return warnings
    }

    private func keys(in object: JSONObject, at pointer: JSONPointer, table: [String: String])
        -> [OpenAPIWarning]
    {
        object.keys.compactMap { key in
            guard let instead = table[key] else { return nil }
            return OpenAPIWarning(
                "\"\(key)\" is an OpenAPI 3 key, which Swagger 2.0 does not have, so it is ignored; a 2.0 document writes \(instead)",
                at: pointer.appending(key))
        }
    }
}
