public import JSONSchema

/// The value a person would write by hand for a schema, for calls built from a description without
/// examples: readable in a report (`{"name": "a", "price": 0}`), where a random value would not be.
extension InstanceGenerator {
    /// The schema's own `const`, `default`, first `examples` or first `enum` value when it has one,
    /// else the simplest value of its type that meets its bounds (the first branch of a `oneOf` or
    /// `anyOf`, the required properties of an object, `minItems` elements of an array); nil when
    /// that value breaks the schema (a `pattern`, a `format`, `uniqueItems`…), where a generated
    /// one (``validInstance(for:seed:key:accepts:)``) is the caller's next try.
    public func simplestInstance(for schema: JSONValue) -> JSONValue? {
        let value = simplest(schema, at: .root, depth: 0)
        guard matches(value, schema) else { return nil }
        return value
    }

    private func simplest(_ schema: JSONValue, at location: JSONPointer, depth: Int) -> JSONValue {
        let (written, place) = followingReferences(schema, at: location)
        if let constant = written["const"] { return constant }
        if let value = written["default"] { return value }
        if let first = written["examples"]?[0] { return first }
        if let first = written["enum"]?[0] { return first }
        guard depth <= 8, let constraints = try? flatten(written, at: place, hops: 0) else { return .null }
        if let choice = constraints.choices.first(where: { $0.kind != .conditional }),
            let first = choice.branches.first
        {
            return simplest(first, at: choice.location.appending(0), depth: depth + 1)
        }
        let keywords = constraints.keywords
        if let first = keywords["enum"]?[0] { return first }
        let types =
            keywords["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue ?? ""] } ?? []
        switch types.first(where: { $0 != "null" }) ?? types.first ?? "object" {
        case "integer", "number":
            if let minimum = keywords["minimum"]?.numberValue { return .number(minimum) }
            if let maximum = keywords["maximum"]?.numberValue, maximum < JSONNumber(1) {
                return .number(maximum)
            }
            return .number(JSONNumber(1))
        case "boolean": return .bool(true)
        case "null": return .null
        case "string": return Self.simplestString(keywords)
        case "array":
            let count = min(keywords["minItems"]?.intValue ?? 0, 16)
            guard count > 0 else { return .array([]) }
            let element = keywords["prefixItems"]?[0] ?? keywords["items"] ?? true
            return .array(Array(repeating: simplest(element, at: place, depth: depth + 1), count: count))
        default:
            var object = JSONObject()
            for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                let additional = keywords["additionalProperties"].flatMap { $0.objectValue == nil ? nil : $0 }
                let property = keywords["properties"]?[name] ?? additional
                object[name] = property.map { simplest($0, at: place, depth: depth + 1) } ?? "example"
            }
            return .object(object)
        }
    }

    /// A string in a common `format`, else `minLength` (at least one, at most 64) times "a".
    private static func simplestString(_ keywords: JSONObject) -> JSONValue {
        switch keywords["format"]?.stringValue {
        case "date-time": return "2024-01-01T00:00:00Z"
        case "date": return "2024-01-01"
        case "uuid": return "00000000-0000-4000-8000-000000000000"
        case "uri": return "https://example.com/"
        case "email": return "user@example.com"
        default:
            let length = max(keywords["minLength"]?.intValue ?? 1, 1)
            return .string(String(repeating: "a", count: min(length, 64)))
        }
    }

    /// The schema a chain of `$ref`s ends at, and where it stands.
    private func followingReferences(_ schema: JSONValue, at location: JSONPointer) -> (
        JSONValue, JSONPointer
    ) {
        var (current, place) = (schema, location)
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.stringValue,
                let target = document.resolve(reference, base: document.base(at: place, for: current))
            else { break }
            (current, place) = (target.schema, target.pointer)
        }
        return (current, place)
    }
}
