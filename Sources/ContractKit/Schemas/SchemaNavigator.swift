public import JSONSchema

/// Walks raw schemas inside a contract document: follows local `$ref`s and finds the subschema that
/// describes a property or an element. The mock, fault injection and parameter coercion use it to
/// reason about shapes without validating.
public struct SchemaNavigator: Sendable {
    public let document: JSONValue
    /// The document's reference index, shared with the generator (one per document per process).
    private let references: SchemaDocument

    public init(document: JSONValue) {
        self.document = document
        references = SchemaDocument.shared(root: document, baseURI: "")
    }

    /// `schema` with its `$ref`s followed (pointers, anchors and `$id`s of the document; at most 32
    /// hops, so cycles end).
    public func resolve(_ schema: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<32 {
            guard case .string(let reference)? = current["$ref"], let target = references.resolve(reference)
            else { return current }
            current = target.schema
        }
        return current
    }

    /// The schema at `pointer` in the document, resolved.
    public func schema(at pointer: JSONPointer) -> JSONValue? {
        pointer.resolve(in: document).map(resolve)
    }

    /// The type names a schema allows (`type` as a string or an array), empty when unconstrained.
    public func types(of schema: JSONValue) -> [String] { types(of: schema, depth: 0) }

    private func types(of schema: JSONValue, depth: Int) -> [String] {
        let resolved = resolve(schema)
        switch resolved["type"] {
        case .string(let type)?: return [type]
        case .array(let types)?: return types.compactMap(\.stringValue)
        default:
            guard depth < 8 else { return [] }
            if let options = resolved["oneOf"]?.arrayValue ?? resolved["anyOf"]?.arrayValue {
                return Array(Set(options.flatMap { types(of: $0, depth: depth + 1) })).sorted()
            }
            // Every allOf branch holds; the first that names a type gives it.
            for branch in resolved["allOf"]?.arrayValue ?? [] {
                let found = types(of: branch, depth: depth + 1)
                if !found.isEmpty { return found }
            }
            return []
        }
    }

    /// The schema of property `name` of an object schema.
    public func property(_ name: String, of schema: JSONValue) -> JSONValue? {
        property(name, of: schema, depth: 0)
    }

    /// Own `properties` first, then those of `allOf` branches (a composed schema such as
    /// `allOf: [Pet, {required: [name]}]`), then `additionalProperties`.
    private func property(_ name: String, of schema: JSONValue, depth: Int) -> JSONValue? {
        let resolved = resolve(schema)
        if let property = resolved["properties"]?[name] { return resolve(property) }
        if depth < 8 {
            for branch in resolved["allOf"]?.arrayValue ?? [] {
                if let property = property(name, of: branch, depth: depth + 1) { return property }
            }
        }
        if let additional = resolved["additionalProperties"], additional.objectValue != nil {
            return resolve(additional)
        }
        return nil
    }

    /// The schema of element `index` of an array schema.
    public func element(_ index: Int, of schema: JSONValue) -> JSONValue? {
        let resolved = resolve(schema)
        if let prefix = resolved["prefixItems"]?.arrayValue, index < prefix.count {
            return resolve(prefix[index])
        }
        return resolved["items"].map(resolve)
    }

    /// The schema describing the value at `pointer` inside instances of `schema`.
    public func schema(for pointer: JSONPointer, in schema: JSONValue) -> JSONValue? {
        var current = resolve(schema)
        for token in pointer.tokens {
            if let index = JSONPointer.arrayIndex(token), let element = element(index, of: current) {
                current = element
            } else if let property = property(token, of: current) {
                current = property
            } else {
                return nil
            }
        }
        return current
    }

    /// The required property names of an object schema.
    public func required(of schema: JSONValue) -> [String] { required(of: schema, depth: 0) }

    /// Own `required` names, then those of `allOf` branches, each once.
    private func required(of schema: JSONValue, depth: Int) -> [String] {
        let resolved = resolve(schema)
        var names = resolved["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard depth < 8 else { return names }
        for branch in resolved["allOf"]?.arrayValue ?? [] {
            for name in required(of: branch, depth: depth + 1) where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// Whether an object schema forbids properties it does not list.
    public func isClosed(_ schema: JSONValue) -> Bool {
        let resolved = resolve(schema)
        return resolved["additionalProperties"] == .bool(false)
            || resolved["unevaluatedProperties"] == .bool(false)
    }

    /// Reads a parameter's text as the JSON value its schema describes: `"3"` is the integer 3 for an
    /// integer schema, `"true"` a boolean, `"a,b"` an array for an array schema; otherwise a string.
    public func coerce(_ text: String, to schema: JSONValue?) -> JSONValue {
        guard let schema else { return .string(text) }
        let types = self.types(of: schema)
        if types.contains("integer"), let number = JSONNumber(parsing: text), number.isInteger {
            return .number(number)
        }
        if types.contains("number"), let number = JSONNumber(parsing: text) { return .number(number) }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains("array") {
            let itemSchema = element(0, of: schema)
            return .array(
                text.split(separator: ",", omittingEmptySubsequences: false).map {
                    coerce(String($0), to: itemSchema)
                })
        }
        return .string(text)
    }
}
