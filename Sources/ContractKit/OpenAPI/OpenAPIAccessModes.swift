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

    /// Keywords whose values are instances, not schemas, and `x-` extensions: the walks skip them.
    private static func holdsNoSchema(_ key: String) -> Bool {
        switch key {
        case "enum", "const", "examples", "default", "example": true
        default: key.utf8.first == UInt8(ascii: "x") && key.hasPrefix("x-")
        }
    }

    /// Adds the variants to `contract["schemas"]` and repoints the endpoints' body schemas; returns
    /// the name of the schema each variant was made from.
    static func apply(to contract: inout JSONObject) -> [String: String] {
        guard case .object(var schemas)? = contract["schemas"],
            case .array(var endpoints)? = contract["endpoints"]
        else { return [:] }
        var sources: [String: String] = [:]
        let originals = schemas
        let exempting = exemptingNames(in: originals)
        for mode in [Mode.request, .response] {
            let needing = names(needing: exempting[mode] ?? [], in: originals)
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

    /// The component schemas that exempt a required property themselves, by mode: one read of each
    /// schema serves both modes.
    private static func exemptingNames(in schemas: JSONObject) -> [Mode: Set<String>] {
        var names: [Mode: Set<String>] = [.request: [], .response: []]
        for member in schemas.members {
            var found: Set<Mode> = []
            _ = visit(member.value) { object in
                for mode in [Mode.request, .response] where !found.contains(mode) {
                    if exemptsDirectly(object, mode: mode) { found.insert(mode) }
                }
                return found.count < 2
            }
            for mode in found { names[mode]?.insert(member.key) }
        }
        return names
    }

    /// The component schemas that exempt a required property in a mode, given those that do so
    /// themselves: those too that reach one through refs.
    private static func names(needing exempting: Set<String>, in schemas: JSONObject) -> Set<String> {
        var needing = exempting
        guard !needing.isEmpty else { return needing }
        // Each schema's references are read once, not again on every round.
        let referenced = schemas.members.map { (name: $0.key, references: references(in: $0.value)) }
        var changed = true
        while changed {
            changed = false
            for member in referenced where !needing.contains(member.name) {
                if !member.references.isDisjoint(with: needing) {
                    needing.insert(member.name)
                    changed = true
                }
            }
        }
        return needing
    }

    /// Whether one object of a schema has a required property whose schema carries the mode's flag.
    private static func exemptsDirectly(_ object: JSONObject, mode: Mode) -> Bool {
        guard case .array(let required)? = object["required"],
            case .object(let properties)? = object["properties"]
        else { return false }
        return required.contains { name in
            name.stringValue.map { properties[$0]?[mode.exemptingFlag] == .bool(true) } ?? false
        }
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
        _ = visit(schema) { object in
            if let name = object["$ref"]?.stringValue.flatMap(componentName) { names.insert(name) }
            return true
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

    /// Reads every object of a schema as `walk` reaches them, without rebuilding any, until `read`
    /// returns false; false then. Reading all the schemas of a large description this way costs a
    /// fraction of `walk`, which copies every object it passes.
    private static func visit(_ value: JSONValue, _ read: (JSONObject) -> Bool) -> Bool {
        switch value {
        case .object(let object):
            for member in object.members where !holdsNoSchema(member.key) {
                guard visit(member.value, read) else { return false }
            }
            return read(object)
        case .array(let elements):
            return elements.allSatisfy { visit($0, read) }
        default:
            return true
        }
    }

    /// Applies `visit` to every object of a schema, children first, skipping instance values.
    private static func walk(_ value: JSONValue, _ visit: (JSONObject) -> JSONObject) -> JSONValue {
        switch value {
        case .object(let object):
            var rebuilt = JSONObject()
            for member in object.members {
                rebuilt[member.key] = holdsNoSchema(member.key) ? member.value : walk(member.value, visit)
            }
            return .object(visit(rebuilt))
        case .array(let elements):
            return .array(elements.map { walk($0, visit) })
        default:
            return value
        }
    }
}
