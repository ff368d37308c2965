import JSONSchema

/// Maps OpenAPI `components.securitySchemes` and `security` requirements to the contract's `auth`
/// and each endpoint's `security`.
///
/// HTTP bearer, HTTP basic and API keys (header, query, cookie) map one to one; OAuth 2 and OpenID
/// Connect present a bearer token, so they map to bearer schemes. An OpenAPI document holds no
/// credentials: they come from `--auth SCHEME=VALUE` (or `{{env.NAME}}` after `import-openapi`).
/// Operations that declare no security, directly or through the root `security`, get none.
/// Alternative requirements stay alternatives (an empty one, `{}`, allows anonymous calls), the
/// schemes of one requirement are presented together, and scopes are left out: Conform cannot
/// check them. A scheme Conform cannot present (`mutualTLS`, HTTP digest, a name no scheme
/// declares) is kept as `unsupported`, so a call that needs it expects to be turned away.
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
        let rootSecurity = root["security"].map {
            requirements($0, at: JSONPointer(tokens: ["security"]), schemes: &schemes, log: &log)
        }
        var endpoints = contract["endpoints"]?.arrayValue ?? []
        var anySecured = (rootSecurity ?? []).contains { !$0.isEmpty }
        for (index, operation) in operations.enumerated() where index < endpoints.count {
            guard let declared = operation.pointer.resolve(in: .object(root))?["security"],
                case .object(var endpoint) = endpoints[index]
            else { continue }
            let alternatives = requirements(
                declared, at: operation.pointer.appending("security"), schemes: &schemes, log: &log)
            endpoint["security"] = Self.encode(alternatives)
            endpoints[index] = .object(endpoint)
            anySecured = anySecured || alternatives.contains { !$0.isEmpty }
        }
        guard !schemes.isEmpty, anySecured else { return }
        contract["endpoints"] = .array(endpoints)
        var auth = JSONObject()
        auth["schemes"] = .object(schemes)
        auth["security"] = Self.encode(rootSecurity ?? [])
        contract["auth"] = .object(auth)
    }

    /// A list of alternatives as the contract writes it: one requirement as a plain list of
    /// names (`["token"]`), several as a list of lists; `[]` for none.
    private static func encode(_ alternatives: [[String]]) -> JSONValue {
        if alternatives.count == 1, let only = alternatives.first, !only.isEmpty {
            return .array(only.map(JSONValue.string))
        }
        if alternatives.allSatisfy(\.isEmpty) { return .array([]) }
        return .array(alternatives.map { .array($0.map(JSONValue.string)) })
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
                    "HTTP scheme \"\(other)\" is not mapped (only bearer and basic are): calls that need it expect to be turned away; pass credentials with --header",
                    at: pointer)
                return Self.unsupported("HTTP \(other)")
            }
        case "apiKey":
            guard let location = value["in"]?.stringValue, ["header", "query", "cookie"].contains(location),
                let name = value["name"]?.stringValue, !name.isEmpty
            else {
                log.warn("an apiKey scheme needs \"in\" (header, query or cookie) and \"name\"", at: pointer)
                return Self.unsupported("an apiKey scheme without \"in\" and \"name\"")
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
                "security scheme type \"\(type)\" is not mapped: calls that need it expect to be turned away; pass credentials with --header",
                at: pointer)
            return Self.unsupported(type.isEmpty ? "a scheme without a type" : type)
        }
        if case .string(let text)? = value["description"] { scheme["description"] = .string(text) }
        return scheme
    }

    /// A scheme Conform cannot present, named for messages.
    private static func unsupported(_ what: String) -> JSONObject {
        var scheme = JSONObject()
        scheme["type"] = "unsupported"
        scheme["scheme"] = .string(what)
        return scheme
    }

    /// The alternatives of a `security` list, each the scheme names of one requirement object
    /// (scopes left out); an empty requirement allows anonymous calls. A name that no scheme
    /// declares is added as an unsupported scheme, with a warning: no call can satisfy it.
    private func requirements(
        _ value: JSONValue, at pointer: JSONPointer, schemes: inout JSONObject, log: inout OpenAPIWarningLog
    ) -> [[String]] {
        guard let list = value.arrayValue else {
            log.warn("\"security\" must be a list of requirement objects", at: pointer)
            return []
        }
        var alternatives: [[String]] = []
        for (index, requirement) in list.enumerated() {
            guard let object = requirement.objectValue else {
                log.warn("a security requirement must be an object", at: pointer.appending(String(index)))
                continue
            }
            for name in object.keys where schemes[name] == nil {
                log.warn(
                    "security scheme \"\(name)\" is not declared under components.securitySchemes, so no call can satisfy this requirement",
                    at: pointer.appending(String(index)).appending(name))
                schemes[name] = .object(Self.unsupported("undeclared"))
            }
            alternatives.append(object.keys)
        }
        return alternatives
    }
}
