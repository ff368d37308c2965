import JSONSchema

/// A small, valid-looking value for a schema, for endpoints that have no examples: the schema's own
/// `const`, `default`, `examples` or first `enum` value when it has one, else the simplest value of
/// its type that meets its bounds.
struct MinimalInstance {
    let navigator: SchemaNavigator

    func instance(for schema: JSONValue, depth: Int = 0) -> JSONValue {
        let schema = navigator.resolve(schema)
        if let constant = schema["const"] { return constant }
        if let value = schema["default"] { return value }
        if let first = schema["examples"]?[0] { return first }
        if let first = schema["enum"]?[0] { return first }
        if depth > 8 { return .null }
        if let branches = schema["oneOf"]?.arrayValue ?? schema["anyOf"]?.arrayValue,
            let first = branches.first
        {
            return instance(for: first, depth: depth + 1)
        }
        let types = navigator.types(of: schema)
        switch types.first(where: { $0 != "null" }) ?? types.first ?? "object" {
        case "integer", "number":
            if let minimum = schema["minimum"]?.numberValue { return .number(minimum) }
            if let maximum = schema["maximum"]?.numberValue, maximum < JSONNumber(1) {
                return .number(maximum)
            }
            return .number(JSONNumber(1))
        case "boolean": return .bool(true)
        case "null": return .null
        case "string":
            if schema["format"] == "date-time" { return "2024-01-01T00:00:00Z" }
            if schema["format"] == "date" { return "2024-01-01" }
            if schema["format"] == "uuid" { return "00000000-0000-4000-8000-000000000000" }
            if schema["format"] == "uri" { return "https://example.com/" }
            if schema["format"] == "email" { return "user@example.com" }
            let length = max(schema["minLength"]?.intValue ?? 1, 1)
            return .string(String(repeating: "a", count: min(length, 64)))
        case "array":
            let count = schema["minItems"]?.intValue ?? 0
            let item = navigator.element(0, of: schema).map { instance(for: $0, depth: depth + 1) } ?? .null
            return .array(Array(repeating: item, count: min(count, 16)))
        default:
            var object = JSONObject()
            for name in navigator.required(of: schema) {
                let property = navigator.property(name, of: schema)
                object[name] = property.map { instance(for: $0, depth: depth + 1) } ?? "example"
            }
            return .object(object)
        }
    }
}
