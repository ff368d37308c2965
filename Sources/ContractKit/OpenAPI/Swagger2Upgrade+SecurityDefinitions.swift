import JSONSchema

extension Swagger2Upgrade {
    /// `securityDefinitions` as OpenAPI 3.0 `securitySchemes`: `basic` → HTTP basic, `apiKey` as it is,
    /// `oauth2` with its flow renamed (`application` → `clientCredentials`, `accessCode` →
    /// `authorizationCode`).
    func securitySchemes(_ definitions: JSONObject) -> JSONObject {
        var result = JSONObject()
        let flows = [
            "implicit": "implicit", "password": "password", "application": "clientCredentials",
            "accessCode": "authorizationCode",
        ]
        for member in definitions.members {
            guard case .object(let definition) = member.value else { continue }
            var scheme = JSONObject()
            switch definition["type"]?.stringValue {
            case "basic":
                scheme["type"] = .string("http")
                scheme["scheme"] = .string("basic")
            case "apiKey":
                scheme["type"] = .string("apiKey")
                scheme["name"] = definition["name"] ?? .string("")
                scheme["in"] = definition["in"] ?? .string("header")
            case "oauth2":
                scheme["type"] = .string("oauth2")
                var flow = JSONObject()
                for key in ["authorizationUrl", "tokenUrl"] {
                    if let value = definition[key] { flow[key] = value }
                }
                flow["scopes"] = definition["scopes"] ?? .object(JSONObject())
                let name = flows[definition["flow"]?.stringValue ?? ""] ?? "implicit"
                scheme["flows"] = .object(JSONObject([(name, .object(flow))]))
            default:
                continue
            }
            if let description = definition["description"] { scheme["description"] = description }
            result[member.key] = .object(scheme)
        }
        return result
    }
}
