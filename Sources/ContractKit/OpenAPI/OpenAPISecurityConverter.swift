import JSONSchema

/// Maps OpenAPI `components.securitySchemes` and `security` requirements to the contract's `auth`
/// and each endpoint's `security`.
///
/// HTTP bearer, HTTP basic and API keys (header, query, cookie) map one to one; OAuth 2 and OpenID
/// Connect present a bearer token, so they map to bearer schemes. An OpenAPI document holds no
/// credentials: they come from `--auth SCHEME=VALUE` (or `{{env.NAME}}` after `import-openapi`).
/// Operations that declare no security, directly or through the root `security`, get none. Of
/// several alternative requirements the first is used.
struct OpenAPISecurityConverter {
    let root: JSONObject

    /// Adds `auth` to `contract` and `security` to the endpoints of `operations` (same order as
    /// `contract["endpoints"]`).
    func apply(to contract: inout JSONObject, operations: [OpenAPIOperation], log: inout OpenAPIWarningLog) {
        let schemesPointer = JSONPointer(tokens: ["components", "securitySchemes"])
        var schemes = JSONObject()
        for member in root["components"]?["securitySchemes"]?.objectValue?.members ?? [] {
            if let scheme = scheme(member.value, at: schemesPointer.appending(member.key), log: &log) {
                schemes[member.key] = .object(scheme)
            }
        }
        let known = Set(schemes.keys)
        let rootSecurity = root["security"].map {
            requirement($0, at: JSONPointer(tokens: ["security"]), known: known, log: &log)
        }
        var endpoints = contract["endpoints"]?.arrayValue ?? []
        var anySecured = !(rootSecurity ?? []).isEmpty
        for (index, operation) in operations.enumerated() where index < endpoints.count {
            guard let declared = operation.pointer.resolve(in: .object(root))?["security"],
                case .object(var endpoint) = endpoints[index]
            else { continue }
            let names = requirement(
                declared, at: operation.pointer.appending("security"), known: known, log: &log)
            endpoint["security"] = .array(names.map(JSONValue.string))
            endpoints[index] = .object(endpoint)
            anySecured = anySecured || !names.isEmpty
        }
        guard !schemes.isEmpty, anySecured else { return }
        contract["endpoints"] = .array(endpoints)
        var auth = JSONObject()
        auth["schemes"] = .object(schemes)
        auth["security"] = .array((rootSecurity ?? []).map(JSONValue.string))
        contract["auth"] = .object(auth)
    }

    /// One scheme as the contract writes it, or nil (with a warning) when it has no equivalent.
    private func scheme(_ value: JSONValue, at pointer: JSONPointer, log: inout OpenAPIWarningLog)
        -> JSONObject?
    {
        let type = value["type"]?.stringValue ?? ""
        var scheme = JSONObject()
        switch type {
        case "http":
            switch value["scheme"]?.stringValue?.lowercased() ?? "" {
            case "bearer": scheme["type"] = "bearer"
            case "basic": scheme["type"] = "basic"
            case let other:
                log.warn(
                    "HTTP scheme \"\(other)\" is not mapped (only bearer and basic are); pass credentials with --header",
                    at: pointer)
                return nil
            }
        case "apiKey":
            guard let location = value["in"]?.stringValue, ["header", "query", "cookie"].contains(location),
                let name = value["name"]?.stringValue, !name.isEmpty
            else {
                log.warn("an apiKey scheme needs \"in\" (header, query or cookie) and \"name\"", at: pointer)
                return nil
            }
            scheme["type"] = "apiKey"
            scheme["in"] = .string(location)
            scheme["name"] = .string(name)
        case "oauth2", "openIdConnect":
            scheme["type"] = "bearer"
            log.warn(
                "\(type) is mapped as a bearer token; give the access token with --auth \(pointer.tokens.last ?? "scheme")=TOKEN",
                at: pointer)
        default:
            log.warn(
                "security scheme type \"\(type)\" is not mapped; pass credentials with --header", at: pointer)
            return nil
        }
        if case .string(let text)? = value["description"] { scheme["description"] = .string(text) }
        return scheme
    }

    /// The scheme names of the first requirement of a `security` list; [] when it allows anonymous
    /// calls only or is empty.
    private func requirement(
        _ value: JSONValue, at pointer: JSONPointer, known: Set<String>, log: inout OpenAPIWarningLog
    ) -> [String] {
        guard let requirements = value.arrayValue else {
            log.warn("\"security\" must be a list of requirement objects", at: pointer)
            return []
        }
        let nonEmpty = requirements.enumerated().filter { ($0.element.objectValue?.isEmpty ?? true) == false }
        guard let first = nonEmpty.first else { return [] }
        if nonEmpty.count > 1 {
            log.warn("only the first of several alternative security requirements is used", at: pointer)
        }
        var names: [String] = []
        for name in first.element.objectValue?.keys ?? [] {
            if known.contains(name) {
                names.append(name)
            } else {
                log.warn(
                    "security scheme \"\(name)\" is not declared or not mapped; the operation is called without it",
                    at: pointer.appending(String(first.offset)).appending(name))
            }
        }
        return names
    }
}
