import ContractKit
import JSONSchema

/// Checks one request against its endpoint: path, query and header parameters, content type and
/// body. The mock answers the first violation with 400, so it passes server fuzzing itself.
struct RequestValidation {
    struct Violation {
        var message: String
        var pointer: String?
        /// Whether the problem is in the body (the faults about bodies only apply to those).
        var concernsBody: Bool
    }

    let mock: ContractMock
    let endpoint: Endpoint
    let request: HTTPRequest
    let pathValues: [String: String]

    func violation() -> Violation? {
        for parameter in endpoint.parameters {
            if let problem = check(parameter) { return problem }
        }
        return checkBody()
    }

    private func check(_ parameter: Parameter) -> Violation? {
        let text: String?
        switch parameter.location {
        case .path: text = pathValues[parameter.name]
        case .query: text = request.query.last { $0.name == parameter.name }?.value
        case .header: text = request.headers[parameter.name]
        }
        guard let text else {
            guard parameter.isRequired else { return nil }
            return Violation(
                message: "missing required \(parameter.location.rawValue) parameter \"\(parameter.name)\"",
                concernsBody: false)
        }
        guard let schemaPointer = parameter.schemaPointer else { return nil }
        let value = mock.navigator.coerce(text, to: mock.navigator.schema(at: schemaPointer))
        let result = mock.schemas.validate(value, at: schemaPointer)
        if result.errors.isEmpty,
            let problem = IntegerFormats(navigator: mock.navigator).violation(
                value, schema: mock.navigator.schema(at: schemaPointer))
        {
            return Violation(
                message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(problem)",
                concernsBody: false)
        }
        guard let first = result.errors.first else { return nil }
        return Violation(
            message: "\(parameter.location.rawValue) parameter \"\(parameter.name)\": \(first.message)",
            concernsBody: false)
    }

    private func checkBody() -> Violation? {
        guard let spec = endpoint.request else { return nil }
        if request.body.isEmpty {
            return spec.isRequired
                ? Violation(message: "the request needs a \(spec.contentType) body", concernsBody: true) : nil
        }
        let sentType = request.headers["Content-Type"].map(MediaType.essence)
        guard sentType == MediaType.essence(spec.contentType) else {
            let sent = sentType.map { "\"\($0)\"" } ?? "no Content-Type"
            return Violation(
                message: "expected Content-Type \"\(spec.contentType)\", got \(sent)", concernsBody: true)
        }
        guard MediaType.isJSON(spec.contentType) else { return nil }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return Violation(message: "the body is not valid JSON: \(error)", concernsBody: true)
        }
        guard let schemaPointer = spec.schemaPointer else { return nil }
        let result = mock.schemas.validate(body, at: schemaPointer)
        if result.errors.isEmpty,
            let problem = IntegerFormats(navigator: mock.navigator).violation(
                body, schema: mock.navigator.schema(at: schemaPointer))
        {
            return Violation(message: problem, concernsBody: true)
        }
        guard let first = result.errors.first else { return nil }
        return Violation(
            message: first.description, pointer: first.instanceLocation.description, concernsBody: true)
    }
}
