import ContractKit
import Foundation
import JSONSchema
import SchemaGeneration

/// The values a story's requests carry besides their bodies, as a client would choose them: the
/// description's own values for the parameters it needs, conditional headers with the server's
/// `ETag`, and ids for items created on their own path.
extension ResourceStory {
    /// A value for a parameter a story request needs: the description's own (the parameter's or
    /// its schema's `example`, `examples`, `default`, first `enum` member), else the simplest value
    /// its schema accepts, else a generated one; a parameter without a schema takes any text.
    func requiredValue(of parameter: Parameter, on endpoint: Endpoint) -> JSONValue? {
        guard let pointer = parameter.schemaPointer, let schema = pointer.resolve(in: contract.document)
        else {
            return "value"
        }
        let accepts = { (value: JSONValue) in fuzzer.schemas.validate(value, at: pointer).isValid }
        if let given = describedValues(of: parameter, schema: schema).first(where: accepts) { return given }
        if let simplest = fuzzer.generator.simplestInstance(for: schema), accepts(simplest) {
            return simplest
        }
        return fuzzer.generator.validInstance(
            for: schema, seed: fuzzer.configuration.seed, key: "\(endpoint.id) \(parameter.name)",
            accepts: accepts)
    }

    /// The values the description itself gives a parameter, in the order a client would trust them.
    func describedValues(of parameter: Parameter, schema: JSONValue) -> [JSONValue] {
        let declared = parameter.pointer.resolve(in: contract.document)
        let resolved = navigator.resolve(schema)
        var values: [JSONValue] = []
        for source in [declared, resolved].compactMap({ $0 }) {
            if let example = source["example"] { values.append(example) }
            if case .array(let examples)? = source["examples"] { values += examples }
            if case .object(let examples)? = source["examples"] {
                values += examples.members.compactMap { $0.value["value"] }
            }
        }
        if let fallback = resolved["default"] { values.append(fallback) }
        if case .array(let members)? = resolved["enum"] { values += members.prefix(1) }
        return values
    }

    /// The value a client gives a required conditional header: `If-None-Match: *` to create only
    /// what does not exist, `If-Match` with the item's last `ETag` (else `*`); nil for other headers.
    func conditionalValue(of parameter: Parameter) -> JSONValue? {
        switch parameter.name.lowercased() {
        case "if-none-match": return "*"
        case "if-match": return .string(lastETag ?? "*")
        default: return nil
        }
    }

    /// An id for an item created on its own path (`PUT /buckets/{id}`): one no item has yet, valid
    /// for the item path's parameter (`conform-` and eight hex digits for text, a large number for
    /// an integer, a UUID for that format).
    mutating func chosenID(for endpoint: Endpoint, parameter name: String, attempt: Int) -> JSONValue? {
        let parameter = endpoint.parameters.first { $0.location == .path && $0.name == name }
        let schema = parameter?.schemaPointer.flatMap(navigator.schema(at:)) ?? .object(JSONObject())
        let accepts = { (value: JSONValue) -> Bool in
            guard let parameter, let pointer = parameter.schemaPointer else { return true }
            let reader = ParameterReader(navigator: navigator)
            let text = ParameterSerializer.pathText(value, for: parameter) ?? Template.plainText(value)
            return fuzzer.schemas.validate(reader.pathValue(of: parameter, text: text), at: pointer).isValid
        }
        let word = UInt32.random(in: 0...UInt32.max, using: &random)
        var candidates: [JSONValue] = []
        let types = navigator.types(of: schema)
        if types.contains("integer") || types.contains("number") {
            candidates.append(.number(JSONNumber(700_000 + Int(word % 99_999))))
        } else if schema["format"]?.stringValue == "uuid" {
            let tail = UInt64.random(in: 0...0xFFFF_FFFF_FFFF, using: &random)
            candidates.append(
                .string(
                    String(
                        format: "c0f0e1d2-%04x-4%03x-8%03x-%012llx", attempt, word % 4096, word % 4093, tail))
            )
        } else {
            candidates.append(.string(String(format: "conform-%08x", word)))
        }
        if let found = candidates.first(where: accepts) { return found }
        var draw = random
        defer { random = draw }
        return fuzzer.generator.validInstance(for: schema, using: &draw, accepts: accepts)
    }

    /// A body for an item created on its own path without the properties that could name it
    /// (`path`, `name`, `id`): the path names it, and a client does not contradict it; one the
    /// schema requires takes the chosen id.
    func withoutIDs(_ body: RequestDraft.Body, for endpoint: Endpoint, chosen: JSONValue?)
        -> RequestDraft.Body
    {
        guard case .json(.object(var object)) = body, let parameter = resource.idParameter,
            let pointer = endpoint.request?.schemaPointer, let schema = navigator.schema(at: pointer)
        else { return body }
        let required = Set(navigator.required(of: schema))
        for name in IDField.candidates(parameter: parameter, collection: resource.collection.template)
        where object[name] != nil {
            object[name] = required.contains(name) ? chosen : nil
        }
        return fuzzer.schemas.validate(.object(object), at: pointer).isValid ? .json(.object(object)) : body
    }

    /// The simplest body `endpoint` accepts (its required properties only), with live ids in its
    /// references; nil when it takes no JSON body.
    func simplestBody(for endpoint: Endpoint, live: LiveValues) -> RequestDraft.Body? {
        guard let spec = endpoint.request, MediaType.isJSON(spec.contentType),
            let pointer = spec.schemaPointer,
            let schema = navigator.schema(at: pointer),
            case .object(let object)? = fuzzer.generator.simplestInstance(for: schema)
        else { return nil }
        let isValid = { (candidate: JSONObject) in
            fuzzer.schemas.validate(.object(candidate), at: pointer).isValid
        }
        let body = withReferences(object, schema: schema, live: live, isValid: isValid)
        return isValid(body) ? .json(.object(body)) : nil
    }
}
