import Foundation
import JSONSchema
import SchemaGeneration

/// Builds the concrete request of a case: the URL from the base URL, path template and query, the
/// headers, and the body, with captured variables substituted.
struct RequestBuilder {
    let contract: Contract
    let baseURL: String
    let extraHeaders: [HeaderField]
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
            generator = InstanceGenerator(document: contract.document, baseURI: contract.baseURI)
        }
    }

    enum Failure: Error {
        case missingVariable(String)
    }

    func request(for endpoint: Endpoint, example: Example?, variables: [String: JSONValue]) throws(Failure)
        -> RequestRecord
    {
        var scope = variables
        scope["baseURL"] = .string(baseURL)
        do {
            return try build(endpoint, example ?? synthesizedExample(for: endpoint), scope)
        } catch {
            throw .missingVariable(error.name)
        }
    }

    private func build(_ endpoint: Endpoint, _ example: Example, _ scope: [String: JSONValue]) throws(Template
        .MissingVariable)
        -> RequestRecord
    {
        var pathValues: [String: String] = [:]
        for parameter in example.pathParameters {
            pathValues[parameter.name] = Template.plainText(try Template.substitute(parameter.value, scope))
        }
        var url = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        url += endpoint.path.expand(pathValues)
        var queryItems: [String] = []
        for item in example.query {
            let value = Template.plainText(try Template.substitute(item.value, scope))
            queryItems.append("\(URLEncoding.query(item.name))=\(URLEncoding.query(value))")
        }
        if !queryItems.isEmpty { url += "?" + queryItems.joined(separator: "&") }
        var headers: [HeaderField] = [HeaderField("Accept", acceptHeader(endpoint))]
        var body: [UInt8] = []
        if let jsonBody = example.body {
            body = JSONSerializer().bytes(try Template.substitute(jsonBody, scope))
        } else if let rawBody = example.rawBody {
            body = Array(try Template.substitute(rawBody, scope).utf8)
        }
        if !body.isEmpty || example.contentType != nil {
            headers.append(
                HeaderField(
                    "Content-Type", example.contentType ?? endpoint.request?.contentType ?? "application/json"
                ))
        }
        for header in example.headers {
            headers.append(
                HeaderField(header.name, Template.plainText(try Template.substitute(header.value, scope))))
        }
        for header in extraHeaders {
            headers.removeAll { $0.name.caseInsensitiveEquals(header.name) }
            headers.append(header)
        }
        return RequestRecord(method: endpoint.method, url: url, headers: headers, body: body)
    }

    private func acceptHeader(_ endpoint: Endpoint) -> String {
        let types = Set(endpoint.responses.flatMap(\.contentTypes))
        return types.isEmpty ? "*/*" : types.sorted().joined(separator: ", ")
    }

    /// The call an endpoint without examples gets: required parameters and body from its schemas.
    func synthesizedExample(for endpoint: Endpoint) -> Example {
        let (navigator, schemas, generator) = (synthesis.navigator, synthesis.schemas, synthesis.generator)
        let synthesizer = MinimalInstance(navigator: navigator)
        // The simplest value first (readable reports); where it breaks the schema (a `pattern`, a
        // `format`, `uniqueItems`…), a value from the generator the mock and the fuzzer use.
        func value(_ pointer: JSONPointer?) -> JSONValue {
            guard let pointer, let schema = navigator.schema(at: pointer) else { return "example" }
            let minimal = synthesizer.instance(for: schema)
            if schemas.validate(minimal, at: pointer).isValid { return minimal }
            for attempt in 0..<8 {
                var random = SeededRandom(seed: UInt64(attempt), deriving: pointer.description)
                if let generated = try? generator.instance(for: schema, using: &random),
                    schemas.validate(generated, at: pointer).isValid
                {
                    return generated
                }
            }
            return minimal
        }
        var example = Example(name: "call built from the schemas", pointer: endpoint.pointer)
        for parameter in endpoint.parameters where parameter.isRequired {
            let entry = (name: parameter.name, value: value(parameter.schemaPointer))
            switch parameter.location {
            case .path: example.pathParameters.append(entry)
            case .query: example.query.append(entry)
            case .header:
                example.headers.append(
                    (name: parameter.name, value: .string(Template.plainText(entry.value))))
            }
        }
        if let request = endpoint.request, request.isRequired, MediaType.isJSON(request.contentType) {
            example.body = value(request.schemaPointer)
        }
        return example
    }
}
