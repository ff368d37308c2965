import ContractKit
import JSONSchema

/// Builds a ``DescribedValidity``: walks every parameter and every request schema (through `$ref`,
/// properties, items and branches, each schema once) and writes what the words and examples say
/// into a copy of the document.
struct DescribedValidityBuilder {
    let contract: Contract
    let schemas: ContractSchemas
    let navigator: SchemaNavigator
    var document: JSONValue
    var parameterRules: [String: DescribedValidity.ParameterRule] = [:]
    var probeProperties: [JSONPointer: [(name: String, words: String)]] = [:]
    private var visited: Set<JSONPointer> = []

    /// Schemas visited at most, so a huge or recursive description ends.
    static let maximumSchemas = 20_000

    init(contract: Contract, schemas: ContractSchemas) {
        self.contract = contract
        self.schemas = schemas
        self.navigator = SchemaNavigator(document: contract.document)
        self.document = contract.document
    }

    mutating func refine() {
        for endpoint in contract.endpoints {
            for parameter in endpoint.parameters {
                refine(parameter, of: endpoint)
            }
            if let pointer = endpoint.request?.schemaPointer {
                var unread: [(name: String, words: String)] = []
                walk(pointer, depth: 0, unread: &unread)
                if !unread.isEmpty { probeProperties[pointer] = unread }
            }
        }
    }

    // MARK: - Parameters

    private mutating func refine(_ parameter: Parameter, of endpoint: Endpoint) {
        guard let pointer = parameter.schemaPointer, let schema = pointer.resolve(in: contract.document)
        else {
            return
        }
        let words =
            parameter.pointer.resolve(in: contract.document)?["description"]?.stringValue
            ?? schema["description"]?.stringValue ?? ""
        let key = DescribedValidity.key(endpoint, parameter)
        switch apply(words, name: parameter.name, at: pointer) {
        case .unread:
            parameterRules[key] = parameter.isRequired ? .probe(words) : .leaveOut
        case .unreadRequiredSometimes:
            parameterRules[key] = .probe(words)
        case .requiredSometimes where !parameter.isRequired:
            parameterRules[key] = .alwaysSend
        default:
            break
        }
    }

    // MARK: - Request schemas

    /// Refines the schema at `pointer` and every schema under it; collects the required properties
    /// whose words restrict them in a way not read.
    private mutating func walk(
        _ pointer: JSONPointer, depth: Int, unread: inout [(name: String, words: String)]
    ) {
        guard depth < 64, visited.count < Self.maximumSchemas, visited.insert(pointer).inserted,
            let schema = pointer.resolve(in: document)?.objectValue
        else { return }
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#"),
            let target = JSONPointer(String(reference.dropFirst()))
        {
            walk(target, depth: depth + 1, unread: &unread)
        }
        let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        for name in schema["properties"]?.objectValue?.members.map(\.key) ?? [] {
            let property = pointer.appending("properties").appending(name)
            let words = property.resolve(in: document)?["description"]?.stringValue ?? ""
            switch apply(words, name: name, at: property) {
            case .unread where required.contains(name):
                unread.append((name, words))
            case .unreadRequiredSometimes:
                // Sent always, and what it holds cannot be called valid: its bodies are probes.
                if !required.contains(name) { requireNotNull(name, in: pointer) }
                unread.append((name, words))
            case .unread:
                // Left out of valid bodies: an optional property nobody can fill as the words ask.
                document = document.replacing(at: property, with: nil)
                continue
            case .requiredSometimes where !required.contains(name):
                requireNotNull(name, in: pointer)
            default:
                break
            }
            walk(property, depth: depth + 1, unread: &unread)
        }
        for keyword in ["items", "additionalProperties"] where schema[keyword]?.objectValue != nil {
            walk(pointer.appending(keyword), depth: depth + 1, unread: &unread)
        }
        for keyword in ["prefixItems", "allOf", "anyOf", "oneOf"] {
            for offset in (schema[keyword]?.arrayValue ?? []).indices {
                walk(pointer.appending(keyword).appending(String(offset)), depth: depth + 1, unread: &unread)
            }
        }
    }

    /// Adds `name` to the `required` of the object schema at `pointer`, its value not `null`.
    private mutating func requireNotNull(_ name: String, in pointer: JSONPointer) {
        var names = pointer.appending("required").resolve(in: document)?.arrayValue ?? []
        names.append(.string(name))
        document = document.replacing(at: pointer.appending("required"), with: .array(names))
        let property = pointer.appending("properties").appending(name)
        guard var object = property.resolve(in: document)?.objectValue, object["not"] == nil else { return }
        object["not"] = .object(JSONObject([("type", .string("null"))]))
        document = document.replacing(at: property, with: .object(object))
    }

    // MARK: - One schema

    enum Applied {
        case nothing, refined, unread, requiredSometimes, unreadRequiredSometimes
    }

    /// Writes into the schema at `pointer` what `words` and its examples say; says what was done.
    private mutating func apply(_ words: String, name: String, at pointer: JSONPointer) -> Applied {
        guard var schema = pointer.resolve(in: document)?.objectValue else { return .nothing }
        let reading = words.isEmpty ? DescribedValues() : DescribedValues.read(words, name: name)
        let examples = exampleValues(of: schema, at: pointer)
        var applied = Applied.nothing
        if let listed = reading.values.map({ $0.filter { schemas.validate($0, at: pointer).isValid } }),
            !listed.isEmpty, schema["enum"] == nil, schema["const"] == nil
        {
            schema["enum"] = .array(listed)
            applied = .refined
        } else if !reading.bounds.isEmpty, isNumeric(schema) {
            for (keyword, value) in reading.bounds.sorted(by: { $0.key < $1.key })
            where schema[keyword] == nil {
                schema[keyword] = .number(value)
            }
            applied = .refined
        } else if reading.restricts || reading.values != nil
            || (!reading.bounds.isEmpty && !isNumeric(schema))
            || (isFreeString(schema) && !examples.isEmpty)
        {
            guard !examples.isEmpty else {
                return reading.requiredSometimes ? .unreadRequiredSometimes : .unread
            }
            schema["enum"] = .array(examples)
            applied = .refined
        }
        if applied == .refined {
            document = document.replacing(at: pointer, with: .object(schema))
        }
        return reading.requiredSometimes && applied == .nothing ? .requiredSometimes : applied
    }

    /// The schema's `example`, `examples` and `default` that its own schema accepts, each once
    /// (`null` too where the schema allows it, so a nullable value keeps its null).
    private func exampleValues(of schema: JSONObject, at pointer: JSONPointer) -> [JSONValue] {
        var values: [JSONValue] = []
        let given =
            (schema["examples"]?.arrayValue ?? []) + [schema["example"], schema["default"]].compactMap { $0 }
        for value in given + [.null]
        where !values.contains(value) && schemas.validate(value, at: pointer).isValid {
            values.append(value)
        }
        return values == [.null] ? [] : values
    }

    private func isNumeric(_ schema: JSONObject) -> Bool {
        let types = navigator.types(of: .object(schema))
        return !types.isEmpty && types.allSatisfy { ["integer", "number", "null"].contains($0) }
    }

    /// A string (or nullable string) whose schema says nothing of its shape: no `pattern`,
    /// `format`, `enum` or `const`, here or in its branches.
    private func isFreeString(_ schema: JSONObject) -> Bool {
        let types = navigator.types(of: .object(schema))
        guard types.contains("string"), types.allSatisfy({ $0 == "string" || $0 == "null" }) else {
            return false
        }
        var pending: [JSONValue] = [.object(schema)]
        var seen = 0
        while let current = pending.popLast(), seen < 64 {
            seen += 1
            let resolved = navigator.resolve(current)
            if ["pattern", "format", "enum", "const"].contains(where: { resolved[$0] != nil }) {
                return false
            }
            for keyword in ["anyOf", "oneOf", "allOf"] { pending += resolved[keyword]?.arrayValue ?? [] }
        }
        return true
    }
}
