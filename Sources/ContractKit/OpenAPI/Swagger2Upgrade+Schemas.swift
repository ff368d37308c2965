import JSONSchema

extension Swagger2Upgrade {
    /// A 2.0 schema in its 3.0 form: `#/definitions/X` → `#/components/schemas/X`, `x-nullable` →
    /// `nullable`, `type: file` → a binary string, a string `discriminator` → `{propertyName}`.
    mutating func schema(_ value: JSONValue, at pointer: JSONPointer) -> JSONValue {
        guard case .object(let object) = value else { return value }
        var result = JSONObject()
        for member in object.members {
            let key = member.key
            let here = pointer.appending(key)
            switch key {
            case "$ref":
                result[key] = Self.upgradedReference(member.value)
            case "x-nullable":
                if member.value == .bool(true) { result["nullable"] = .bool(true) }
                log.warn("\"x-nullable\" is read as OpenAPI 3.0 \"nullable\"", at: here)
            case "type" where member.value == .string("file"):
                result["type"] = .string("string")
                result["format"] = .string("binary")
            case "discriminator":
                if case .string(let name) = member.value {
                    result[key] = .object(JSONObject([("propertyName", .string(name))]))
                } else {
                    result[key] = member.value
                }
            case "items", "additionalProperties", "not":
                result[key] = schema(member.value, at: here)
            case "properties":
                guard case .object(let map) = member.value else {
                    result[key] = member.value
                    continue
                }
                var converted = JSONObject()
                for entry in map.members {
                    // `"properties": {"$ref": …}` names the whole map (read so by the 3.0 converter).
                    converted[entry.key] =
                        entry.key == "$ref"
                        ? Self.upgradedReference(entry.value)
                        : schema(entry.value, at: here.appending(entry.key))
                }
                result[key] = .object(converted)
            case "allOf", "anyOf", "oneOf":
                guard case .array(let elements) = member.value else {
                    result[key] = member.value
                    continue
                }
                result[key] = .array(elements.enumerated().map { schema($1, at: here.appending($0)) })
            default:
                result[key] = member.value
            }
        }
        return .object(result)
    }

    /// `#/definitions/X` → `#/components/schemas/X`; other references as they are.
    static func upgradedReference(_ value: JSONValue) -> JSONValue {
        guard case .string(let reference) = value, reference.hasPrefix("#/definitions/") else { return value }
        return .string("#/components/schemas/" + reference.dropFirst("#/definitions/".count))
    }
}
