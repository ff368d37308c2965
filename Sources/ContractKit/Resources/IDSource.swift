public import JSONSchema

/// Where the values of a resource's item id come from, as the description lets Conform read them:
/// what `conform lint --verbose` shows, and what the fuzzer looks for in every answer.
public enum IDSource: Sendable, Hashable, CustomStringConvertible {
    /// An example's capture (an OpenAPI link becomes one) that an item call uses.
    case capture(variable: String, endpoint: String)
    /// The `Location` header of the create answer.
    case location(endpoint: String)
    /// A property of an answer, at a pointer pattern (`/id`, `/items/*/id`).
    case property(endpoint: String, pattern: String)
    /// Any value of a property with the id's name seen in an earlier answer.
    case seen(names: [String])
    /// The client: items are created on their own path, with an id the request chooses.
    case chosen(endpoint: String)

    public var description: String {
        switch self {
        case .capture(let variable, let endpoint): return "the capture {{\(variable)}} of \(endpoint)"
        case .location(let endpoint): return "the Location header of \(endpoint)"
        case .property(let endpoint, let pattern): return "\(pattern) in the answer of \(endpoint)"
        case .seen(let names):
            return "any \(names.prefix(3).joined(separator: "/")) seen in an earlier answer"
        case .chosen(let endpoint): return "an id Conform chooses, created by \(endpoint)"
        }
    }
}

extension ResourceModel {
    /// The sources of `resource`'s item id in `contract`, most direct first.
    public func idSources(of resource: Resource, in contract: Contract) -> [IDSource] {
        guard let parameter = resource.idParameter else { return [] }
        var sources: [IDSource] = []
        let navigator = SchemaNavigator(document: contract.document)
        for id in resource.itemOperations {
            guard let endpoint = contract.endpoint(id) else { continue }
            for example in endpoint.examples {
                guard let value = example.pathParameters.first(where: { $0.name == parameter })?.value,
                    let variable = Template.variables(in: value).first,
                    let source = contract.endpoints.first(where: { candidate in
                        candidate.examples.contains { $0.capturedVariables.contains(variable) }
                    })
                else { continue }
                let found = IDSource.capture(variable: variable, endpoint: source.id)
                if !sources.contains(found) { sources.append(found) }
            }
        }
        let names = IDField.candidates(parameter: parameter, collection: resource.collection.template)
        if resource.createsOnItem, let create = resource.operations[.create] {
            sources.append(.chosen(endpoint: create))
        }
        if let create = resource.operations[.create].flatMap(contract.endpoint) {
            let success = Self.successResponses(of: create)
            if success.contains(where: { $0.headers.contains { $0.name.caseInsensitiveEquals("Location") } })
            {
                sources.append(.location(endpoint: create.id))
            }
            for response in success {
                if let pattern = Self.idPattern(
                    in: response.schemaPointer, navigator: navigator, names: names, list: false)
                {
                    sources.append(.property(endpoint: create.id, pattern: pattern))
                    break
                }
            }
        }
        if let list = resource.operations[.list].flatMap(contract.endpoint) {
            for response in Self.successResponses(of: list) {
                if let pattern = Self.idPattern(
                    in: response.schemaPointer, navigator: navigator, names: names, list: true)
                {
                    sources.append(.property(endpoint: list.id, pattern: pattern))
                    break
                }
            }
        }
        sources.append(.seen(names: names))
        return sources
    }

    /// The pointer pattern of the id in an answer's schema: `/id` for an item, `/*/id` or
    /// `/items/*/id` for a listing; nil when the schema names no id property.
    static func idPattern(in pointer: JSONPointer?, navigator: SchemaNavigator, names: [String], list: Bool)
        -> String?
    {
        guard let pointer, var schema = navigator.schema(at: pointer) else { return nil }
        var prefix = ""
        if list {
            if navigator.types(of: schema).contains("array") {
                prefix = "/*"
            } else if let properties = schema["properties"]?.objectValue,
                let array = properties.members.first(where: {
                    navigator.types(of: $0.value).contains("array")
                })
            {
                prefix = "/\(array.key)/*"
                schema = navigator.resolve(array.value)
            } else {
                return nil
            }
            guard let element = navigator.element(0, of: schema) else { return nil }
            schema = element
        }
        let resolved = navigator.resolve(schema)
        let keys = resolved["properties"]?.objectValue?.keys ?? []
        if let name = names.first(where: keys.contains) { return prefix + "/" + name }
        // An item wrapped in an envelope (`{"data": {...}}`): its id is inside, named by the
        // envelope's schema, or by the path parameter where the envelope is open.
        for key in IDField.envelopes() where keys.contains(key) {
            guard let inner = navigator.property(key, of: resolved),
                navigator.types(of: inner).contains("object")
            else { continue }
            let innerKeys = navigator.resolve(inner)["properties"]?.objectValue?.keys ?? []
            if let name = names.first(where: innerKeys.contains) { return prefix + "/\(key)/" + name }
            if !navigator.isClosed(inner), let name = names.first { return prefix + "/\(key)/" + name }
        }
        return nil
    }

    /// The answers of `endpoint` that mean success, the declared 2xx first; `default` only when it
    /// declares none (an error schema never names where an id is).
    static func successResponses(of endpoint: Endpoint) -> [ResponseSpec] {
        let declared = endpoint.responses.filter { response in
            if case .code(let code) = response.status { return (200..<300).contains(code) }
            return response.status == .range(2)
        }
        .sorted { $0.status < $1.status }
        return declared.isEmpty ? endpoint.responses.filter { $0.status == .default } : declared
    }
}
