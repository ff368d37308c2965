import ContractKit
import JSONSchema
import SchemaGeneration

/// Builds the mock's answer for a valid request: the endpoint's lowest declared success status, with
/// the response example (its `{{baseURL}}` replaced) or a body generated from the schema, filtered
/// by query parameters that declare `filters`.
struct ResponseBuilder {
    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest
    let pathValues: [String: String]

    func build() -> HTTPResponse {
        guard let spec = successResponse() else {
            return HTTPResponse(status: 204, headers: [:], body: [])
        }
        let status: Int
        switch spec.status {
        case .code(let code): status = code
        case .range(let first): status = first * 100
        case .default: status = 200
        }
        var response = HTTPResponse(status: status, headers: [:], body: [])
        for header in spec.headers where header.isRequired {
            response.headers[header.name] = headerValue(header)
        }
        guard let contentType = chooseContentType(spec) else { return response }
        response.headers["Content-Type"] = contentType
        if MediaType.isJSON(contentType) {
            response.body = JSONSerializer().bytes(jsonBody(spec))
        } else if contentType.hasPrefix("image/") {
            response.body = imageBytes(type: contentType)
        } else {
            response.body = Array("mock body for \(endpoint.id)\n".utf8)
        }
        return response
    }

    private func successResponse() -> ResponseSpec? {
        let successes = endpoint.responses.filter {
            switch $0.status {
            case .code(let code): return (200..<300).contains(code)
            case .range(let first): return first == 2
            case .default: return false
            }
        }
        return successes.min { $0.status < $1.status } ?? endpoint.responses.first { $0.status == .default }
    }

    /// For several declared types, the one the request names (a `.jpg` file gets `image/jpeg`).
    private func chooseContentType(_ spec: ResponseSpec) -> String? {
        guard spec.contentTypes.count > 1 else { return spec.contentTypes.first }
        let lowered = request.path.lowercased()
        if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg"), spec.contentTypes.contains("image/jpeg") {
            return "image/jpeg"
        }
        if lowered.hasSuffix(".png"), spec.contentTypes.contains("image/png") { return "image/png" }
        return spec.contentTypes.first
    }

    private func jsonBody(_ spec: ResponseSpec) -> JSONValue {
        var body: JSONValue
        if let example = spec.example {
            body = (try? Template.substitute(example, ["baseURL": .string(mock.baseURL)])) ?? example
        } else if let schemaPointer = spec.schemaPointer,
            let schema = schemaPointer.resolve(in: mock.contract.document)
        {
            var random = SeededRandom(seed: mock.configuration.seed, deriving: endpoint.id)
            let generator = InstanceGenerator(
                document: mock.contract.document, baseURI: mock.contract.baseURI)
            body = (try? generator.instance(for: schema, using: &random)) ?? .object(JSONObject())
        } else {
            body = .object(JSONObject())
        }
        if !mock.isActive(.ignoredFilter, for: endpoint) { applyFilters(to: &body) }
        return body
    }

    /// Keeps only the array elements whose filtered field equals the query value.
    private func applyFilters(to body: inout JSONValue) {
        for parameter in endpoint.parameters(in: .query) {
            guard let pattern = parameter.filters,
                let wanted = request.query.last(where: { $0.name == parameter.name })?.value,
                let star = pattern.tokens.firstIndex(of: .wildcard)
            else { continue }
            let arrayPath = pattern.tokens[..<star].compactMap { token -> String? in
                if case .name(let name) = token { return name }
                return nil
            }
            let fieldPath = PointerPattern(tokens: Array(pattern.tokens[(star + 1)...]))
            let arrayPointer = JSONPointer(tokens: arrayPath)
            guard case .array(let elements)? = arrayPointer.resolve(in: body) else { continue }
            let kept = elements.filter { element in
                fieldPath.matches(in: element).contains { Template.plainText($0.value) == wanted }
            }
            body = body.replacing(at: arrayPointer, with: .array(kept))
        }
    }

    private func headerValue(_ header: HeaderSpec) -> String {
        guard let pointer = header.schemaPointer, let schema = pointer.resolve(in: mock.contract.document)
        else {
            return "mock"
        }
        var random = SeededRandom(seed: mock.configuration.seed, deriving: header.name)
        let generator = InstanceGenerator(document: mock.contract.document, baseURI: mock.contract.baseURI)
        guard let value = try? generator.instance(for: schema, using: &random) else { return "mock" }
        return Template.plainText(value)
    }

    private func imageBytes(type: String) -> [UInt8] {
        let seed = mock.configuration.seed ^ SeededRandom.stableHash(request.path)
        return type == "image/jpeg"
            ? SampleImage.jpeg(width: 8, height: 8, seed: seed)
            : SampleImage.png(width: 8, height: 8, seed: seed)
    }
}
