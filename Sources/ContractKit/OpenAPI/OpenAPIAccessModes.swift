import JSONSchema

/// Gives requests and responses their own view of schemas that mark properties `readOnly` or
/// `writeOnly`.
///
/// OpenAPI lets one schema serve both directions: a required `readOnly` property (a server-made
/// `id`) is required in responses only, a required `writeOnly` one (a `password`) in requests
/// only. A contract schema applies as written, so the mock would reject a request without the
/// `id`. For every component schema that needs it (directly, or through a `$ref`), this adds a
/// variant `X.request` (or `X.response`) whose `required` leaves such properties out, and points
/// request bodies (or response bodies) at the variants. Schemas without these flags are untouched.
struct OpenAPIAccessModes {
    enum Mode: String {
        case request
        case response

        /// The flag that makes a property not required in this direction.
        var exemptingFlag: String { self == .request ? "readOnly" : "writeOnly" }
    }

    private static let valueKeywords: Set<String> = ["enum", "const", "examples", "default", "example"]

    /// Adds the variants to `contract["schemas"]` and repoints the endpoints' body schemas; returns
    /// the name of the schema each variant was made from.
    static func apply(to contract: inout JSONObject) -> [String: String] {
        guard case .object(var schemas)? = contract["schemas"],
            case .array(var endpoints)? = contract["endpoints"]
        else { return [:] }
        var sources: [String: String] = [:]
        let originals = schemas
        for mode in [Mode.request, .response] {
            let needing = names(needing: mode, in: originals)
            guard !needing.isEmpty else { continue }
            var renamed: [String: String] = [:]
            for name in originals.keys where needing.contains(name) {
                var variant = "\(name).\(mode.rawValue)"
                while originals[variant] != nil { variant += "_" }
                renamed[name] = variant
                sources[variant] = name
            }
            for name in originals.keys {
                guard let variant = renamed[name], let schema = originals[name] else { continue }
                schemas[variant] = transform(schema, mode: mode, renamed: renamed)
            }
            endpoints = endpoints.map { repoint($0, mode: mode, renamed: renamed) }
        }
        contract["schemas"] = .object(schemas)
        contract["endpoints"] = .array(endpoints)
        return sources
    }

    /// The component schemas that exempt a required property in `mode`, directly or through refs.
    private static func names(needing mode: Mode, in schemas: JSONObject) -> Set<String> {
        var needing = Set(schemas.members.filter { exempts($0.value, mode: mode) }.map(\.key))
        var changed = !needing.isEmpty
        while changed {
            changed = false
            for member in schemas.members where !needing.contains(member.key) {
                if !references(in: member.value).isDisjoint(with: needing) {
                    needing.insert(member.key)
                    changed = true
                }
            }
        }
        return needing
    }

    private static func exempts(_ schema: JSONValue, mode: Mode) -> Bool {
        var found = false
        _ = walk(schema) { object in
            if !exemptProperties(of: object, mode: mode).isEmpty { found = true }
            return object
        }
        return found
    }

    /// Required properties whose own schema carries the mode's flag.
    private static func exemptProperties(of object: JSONObject, mode: Mode) -> Set<String> {
        guard case .array(let required)? = object["required"],
            case .object(let properties)? = object["properties"]
        else { return [] }
        return Set(
            required.compactMap(\.stringValue).filter { properties[$0]?[mode.exemptingFlag] == .bool(true) })
    }

    private static func references(in schema: JSONValue) -> Set<String> {
        var names = Set<String>()
        _ = walk(schema) { object in
            if let name = object["$ref"]?.stringValue.flatMap(componentName) { names.insert(name) }
            return object
        }
        return names
    }

    /// `#/schemas/Pet/properties/id` → `Pet`.
    private static func componentName(_ reference: String) -> String? {
        guard reference.hasPrefix("#/schemas/") else { return nil }
        return JSONPointer(String(reference.dropFirst()))?.tokens.dropFirst().first
    }

    private static func transform(_ schema: JSONValue, mode: Mode, renamed: [String: String]) -> JSONValue {
        walk(schema) { object in
            var result = object
            let exempt = exemptProperties(of: object, mode: mode)
            if !exempt.isEmpty, case .array(let required)? = object["required"] {
                result["required"] = .array(required.filter { !exempt.contains($0.stringValue ?? "") })
            }
            if let reference = object["$ref"]?.stringValue, let name = componentName(reference),
                let variant = renamed[name], var pointer = JSONPointer(String(reference.dropFirst()))
            {
                var tokens = pointer.tokens
                tokens[1] = variant
                pointer = JSONPointer(tokens: tokens)
                result["$ref"] = .string("#" + pointer.description)
            }
            return result
        }
    }

    /// The endpoint with its request schema (or its response schemas) transformed for `mode`.
    private static func repoint(_ endpoint: JSONValue, mode: Mode, renamed: [String: String]) -> JSONValue {
        guard case .object(var object) = endpoint else { return endpoint }
        switch mode {
        case .request:
            guard case .object(var request)? = object["request"], let schema = request["schema"] else {
                break
            }
            request["schema"] = transform(schema, mode: mode, renamed: renamed)
            object["request"] = .object(request)
        case .response:
            guard case .object(var responses)? = object["responses"] else { break }
            for member in responses.members {
                guard case .object(var response) = member.value, let schema = response["schema"] else {
                    continue
                }
                response["schema"] = transform(schema, mode: mode, renamed: renamed)
                responses[member.key] = .object(response)
            }
            object["responses"] = .object(responses)
        }
        return .object(object)
    }

    /// Applies `visit` to every object of a schema, children first, skipping instance values.
    private static func walk(_ value: JSONValue, _ visit: (JSONObject) -> JSONObject) -> JSONValue {
        switch value {
        case .object(let object):
            var rebuilt = JSONObject()
            for member in object.members {
                let skip = valueKeywords.contains(member.key) || member.key.hasPrefix("x-")
                rebuilt[member.key] = skip ? member.value : walk(member.value, visit)
            }
            return .object(visit(rebuilt))
        case .array(let elements):
            return .array(elements.map { walk($0, visit) })
        default:
            return value
        }
    }
}
