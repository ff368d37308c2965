import ConformHTTP
import Foundation
import JSONSchema
import SchemaGeneration

/// Builds the concrete request of a case: the URL from the base URL, path template and query, the
/// headers, and the body, with captured variables substituted.
struct RequestBuilder {
    let contract: Contract
    let baseURL: String
    let extraHeaders: HTTPFields
    let synthesis: Synthesis

    /// What building a call from the schemas needs, made once per run rather than per request:
    /// compiling the contract's schemas and indexing its document for the generator cost more
    /// than sending the request.
    struct Synthesis: Sendable {
        let navigator: SchemaNavigator
        let schemas: ContractSchemas
        let generator: InstanceGenerator

        init(contract: Contract, schemas: ContractSchemas) {
            navigator = SchemaNavigator(document: contract.document)
            self.schemas = schemas
            generator = InstanceGenerator.shared(document: contract.document, baseURI: contract.baseURI)
        }
    }

    enum Failure: Error {
        case missingVariable(String)
    }

    func request(for endpoint: Endpoint, example: Example?, variables: [String: JSONValue]) throws(Failure)
        -> HTTPRequest
    {
        var scope = variables
        scope["baseURL"] = .string(baseURL)
        do {
            let draft = try draft(endpoint, example ?? synthesizedExample(for: endpoint), scope)
            return draft.record(baseURL: baseURL, extraHeaders: extraHeaders, auth: contract.auth)
        } catch {
            throw .missingVariable(error.name)
        }
    }

    /// The example with its variables filled, as a request to write.
    private func draft(_ endpoint: Endpoint, _ example: Example, _ scope: [String: JSONValue])
        throws(Template.MissingVariable) -> RequestDraft
    {
        var draft = RequestDraft(endpoint: endpoint, contentType: example.contentType)
        for parameter in example.pathParameters {
            draft.path[parameter.name] = try Template.substitute(parameter.value, scope)
        }
        for item in example.query {
            draft.query.append((item.name, try Template.substitute(item.value, scope)))
        }
        for header in example.headers {
            draft.headers.append((header.name, try Template.substitute(header.value, scope)))
        }
        if let jsonBody = example.body {
            draft.body = .json(try Template.substitute(jsonBody, scope))
        } else if let rawBody = example.rawBody {
            draft.body = .raw(Array(try Template.substitute(rawBody, scope).utf8), contentType: nil)
        }
        return draft
    }

    /// The call an endpoint without examples gets: required parameters and body from its schemas.
    func synthesizedExample(for endpoint: Endpoint) -> Example {
        let (navigator, schemas, generator) = (synthesis.navigator, synthesis.schemas, synthesis.generator)
        // The simplest value first (readable reports); where it breaks the schema (a `pattern`, a
        // `format`, `uniqueItems`…), a value from the generator the mock and the fuzzer use.
        func value(_ pointer: JSONPointer?) -> JSONValue {
            guard let pointer, let schema = navigator.schema(at: pointer) else { return "example" }
            let accepts = { (value: JSONValue) in schemas.validate(value, at: pointer).isValid }
            if let simplest = generator.simplestInstance(for: schema), accepts(simplest) { return simplest }
            return generator.validInstance(for: schema, seed: 0, key: pointer.description, accepts: accepts)
                ?? generator.simplestInstance(for: schema) ?? "example"
        }
        var example = Example(name: "call built from the schemas", pointer: endpoint.pointer)
        for parameter in endpoint.parameters where parameter.isRequired {
            let entry = (name: parameter.name, value: value(parameter.schemaPointer))
            switch parameter.location {
            case .path: example.pathParameters.append(entry)
            case .query: example.query.append(entry)
            case .header: example.headers.append(entry)
            }
        }
        if let request = endpoint.request, request.isRequired, MediaType.isJSON(request.contentType) {
            example.body = value(request.schemaPointer)
        } else if let request = endpoint.request, request.isRequired, FormBody.isForm(request.contentType),
            let form = FormBody.encode(value(request.schemaPointer), contentType: request.contentType)
        {
            // A form as a client writes it; `\{{` keeps any braces in it literal.
            example.rawBody = String(decoding: form.bytes, as: UTF8.self).replacingOccurrences(
                of: "{{", with: "\\{{")
            example.contentType = form.contentType
        }
        return example
    }
}
