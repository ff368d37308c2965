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
        if FormBody.isForm(spec.contentType) { return checkForm(spec) }
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
        guard MediaType.isJSON(spec.contentType) else {
            guard FormBody.isXML(spec.contentType), let problem = FormBody.xmlProblem(request.body) else {
                return nil
            }
            return Violation(message: "the body is not well-formed XML: \(problem)", concernsBody: true)
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return Violation(message: "the body is not valid JSON: \(error)", concernsBody: true)
        }
        guard let schemaPointer = spec.schemaPointer else { return nil }
        return schemaViolation(body, at: schemaPointer)
    }

    /// A form body (URL-encoded or multipart) read as an object and checked against its schema;
    /// an empty body is an empty form.
    private func checkForm(_ spec: RequestSpec) -> Violation? {
        var fields: [(name: String, value: String)] = []
        if !request.body.isEmpty {
            let sentType = request.headers["Content-Type"]
            guard let sentType, MediaType.essence(sentType) == MediaType.essence(spec.contentType) else {
                let sent = sentType.map { "\"\(MediaType.essence($0))\"" } ?? "no Content-Type"
                return Violation(
                    message: "expected Content-Type \"\(spec.contentType)\", got \(sent)", concernsBody: true)
            }
            guard let read = FormBody.fields(request.body, contentType: sentType) else {
                return Violation(
                    message: "the body is not a readable \(MediaType.essence(sentType)) form",
                    concernsBody: true)
            }
            fields = read
        } else if spec.isRequired, spec.schemaPointer == nil {
            return Violation(message: "the request needs a \(spec.contentType) body", concernsBody: true)
        }
        guard let schemaPointer = spec.schemaPointer else { return nil }
        let object = FormBody.object(
            fields, schema: mock.navigator.schema(at: schemaPointer), navigator: mock.navigator)
        return schemaViolation(object, at: schemaPointer)
    }

    private func schemaViolation(_ body: JSONValue, at schemaPointer: JSONPointer) -> Violation? {
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
