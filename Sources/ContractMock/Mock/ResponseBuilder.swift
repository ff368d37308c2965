import ConformHTTP
import ContractKit
import JSONSchema

/// Builds one declared response: the status and declared response the caller chose, a content type
/// the request's `Accept` prefers among the declared ones, every declared header with a generated
/// valid value, and a body valid by that response's schema.
struct ResponseBuilder {
    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest

    /// - Parameters:
    ///   - body: the value to send (a stored resource); used only when valid by the schema.
    ///   - message: for error answers, the text to put in the body where the schema allows it.
    ///   - headers: values for declared headers that the caller knows (a created item's `Location`).
    func build(
        status: Int, spec: ResponseSpec?, body: JSONValue? = nil, message: String? = nil,
        headers: [String: String] = [:]
    ) -> HTTPResponse {
        guard let spec else {
            guard let message else { return HTTPResponse(status: status, headers: [:], body: []) }
            return ContractMock.errorResponse(status, message)
        }
        let factory = BodyFactory(mock: mock)
        var response = HTTPResponse(status: status, headers: [:], body: [])
        for header in spec.headers where !Self.framingHeaders.contains(header.name.lowercased()) {
            response.headers[header.name] = headers[header.name] ?? headerValue(header, factory: factory)
        }
        guard
            let contentType = ContentNegotiation.choose(
                spec.contentTypes, accept: request.headers["Accept"], path: request.path)
        else { return response }
        // A 204 or 304 has no body, but still names the declared type (Swagger 2's `produces`).
        response.headers["Content-Type"] = contentType
        guard status != 204, status != 304 else { return response }
        let key = "\(endpoint.id) \(status)"
        var value: JSONValue?
        if let message {
            value = factory.errorBody(for: spec, key: key, message: message)
        } else {
            if let body, factory.isValid(body, at: spec.schemaPointer) {
                value = body
            } else {
                value = factory.body(for: spec, key: key)
            }
            if var filtered = value, !mock.isActive(.ignoredFilter, for: endpoint) {
                applyFilters(to: &filtered)
                applyLimit(to: &filtered)
                if factory.isValid(filtered, at: spec.schemaPointer) { value = filtered }
            }
        }
        response.body = factory.bytes(value, contentType: contentType, spec: spec, path: request.path)
        return response
    }

    private static let framingHeaders: Set<String> = ["content-type", "content-length", "transfer-encoding"]

    private func headerValue(_ header: HeaderSpec, factory: BodyFactory) -> String {
        guard let pointer = header.schemaPointer,
            let value = factory.value(at: pointer, key: "header \(header.name)")
        else { return "mock" }
        let text = Template.plainText(value)
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } ? text : "mock"
    }

    /// Keeps no more elements than the request's limit parameter asks for.
    private func applyLimit(to body: inout JSONValue) {
        guard let parameter = ListingLimit.parameter(of: endpoint, in: mock.contract.document),
            let text = request.query.last(where: { $0.name == parameter.name })?.value, let limit = Int(text),
            limit >= 0, let location = ListingLimit.array(in: body, for: parameter),
            case .array(let elements)? = location.resolve(in: body), elements.count > limit
        else { return }
        body = body.replacing(at: location, with: .array(Array(elements.prefix(limit))))
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
}
